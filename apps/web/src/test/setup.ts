import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { mediaQueryList } from './media';
import { pdfSaves } from './pdf-saves';

// Searches wait 300 ms for the last key before asking the server; on a loaded 2-core CI machine the
// 1 s default of findBy/waitFor is too close to that for comfort.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Each test stubs the fetch it needs; none leaks into the next.
  vi.unstubAllGlobals();
  pdfSaves.names = [];
  pdfSaves.failure = null;
});

// Mantine reads these browser APIs that jsdom lacks.
window.matchMedia ??= (query: string) => mediaQueryList(query, false);
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
// A combobox scrolls its highlighted option into view as the arrow keys move it.
Element.prototype.scrollIntoView ??= () => {};
