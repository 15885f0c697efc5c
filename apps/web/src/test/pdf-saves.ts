/** What the tests' jsPDF "downloaded", and an error to make the next saves fail; cleared after each test. */
export const pdfSaves: { names: string[]; failure: Error | null } = { names: [], failure: null };

/**
 * jsPDF as the portal uses it, except that `save` records the file name: the node build the tests
 * load would write the file into the working folder. The setup mocks 'jspdf' with it for every test.
 */
export function withRecordedSaves(original: typeof import('jspdf')) {
  function RecordingJsPDF(...args: ConstructorParameters<typeof original.jsPDF>) {
    const doc = new original.jsPDF(...args);
    doc.save = ((name: string) => {
      if (pdfSaves.failure) throw pdfSaves.failure;
      pdfSaves.names.push(name);
      return doc;
    }) as typeof doc.save;
    return doc;
  }
  return { ...original, jsPDF: RecordingJsPDF as unknown as typeof original.jsPDF };
}
