/** What the tests' downloads saved (by file name), and an error to make the next saves fail; cleared after each test. */
export const pdfSaves: { names: string[]; failure: Error | null } = { names: [], failure: null };

/**
 * `saveBlob` as the app uses it, except that it records the file name: jsdom has no downloads. A
 * test of a report download mocks `lib/download` with it; the setup clears what it recorded.
 */
export function recordedSaveBlob(_blob: Blob, fileName: string): void {
  if (pdfSaves.failure) throw pdfSaves.failure;
  pdfSaves.names.push(fileName);
}
