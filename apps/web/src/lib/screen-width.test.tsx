import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../test/media';
import { useNarrowScreen } from './screen-width';

/** Every value the hook gave, render by render. */
function Probe({ seen }: { seen: boolean[] }) {
  const narrow = useNarrowScreen('36em');
  seen.push(narrow);
  return <p>{narrow ? 'narrow' : 'wide'}</p>;
}

/** A phone-width screen whose width can change: `resize(matches)` tells its listeners. */
function screenOf(initially: boolean) {
  const listeners = new Set<EventListener>();
  let matches = initially;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...mediaQueryList(query, matches),
    addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
      if (typeof listener === 'function') listeners.add(listener);
    },
    removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
      if (typeof listener === 'function') listeners.delete(listener);
    },
  }));
  return {
    resize(next: boolean) {
      matches = next;
      for (const listener of listeners) listener({ matches: next } as unknown as Event);
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('useNarrowScreen', () => {
  it('answers on the first render, so a phone never draws the wide layout first', () => {
    screenOf(true);
    const seen: boolean[] = [];
    render(<Probe seen={seen} />);
    expect(screen.getByText('narrow')).toBeTruthy();
    expect(seen.every((value) => value)).toBe(true);
    expect(window.matchMedia).toHaveBeenCalledWith('(max-width: 36em)');
  });

  it('answers false on a wide screen from the start', () => {
    screenOf(false);
    const seen: boolean[] = [];
    render(<Probe seen={seen} />);
    expect(screen.getByText('wide')).toBeTruthy();
    expect(seen.includes(true)).toBe(false);
  });

  it('follows the window when it crosses the width', () => {
    const screenSize = screenOf(false);
    render(<Probe seen={[]} />);
    act(() => screenSize.resize(true));
    expect(screen.getByText('narrow')).toBeTruthy();
    act(() => screenSize.resize(false));
    expect(screen.getByText('wide')).toBeTruthy();
  });
});
