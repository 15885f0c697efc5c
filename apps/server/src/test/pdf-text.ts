import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFRef } from 'pdf-lib';

/**
 * The text a PDF of the product shows, page by page: its content streams inflated and each line's
 * ActualText (UTF-16, as `lib/pdf-type` marks every line it draws) decoded, or a string shown in a
 * standard font (hex, WinAnsi). Enough to check what a report says without a renderer; not a
 * general PDF text extractor (`pdftotext` is, see `test/pdf-render.ts`).
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    let text = '';
    for (const ref of refs) {
      const stream = doc.context.lookup(ref as PDFRef);
      if (!(stream instanceof PDFRawStream)) continue;
      const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of source.matchAll(/\/ActualText <FEFF([0-9A-Fa-f]*)>|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (match[1] !== undefined) text += `${Buffer.from(match[1], 'hex').swap16().toString('utf16le')}\n`;
        else text += `${Buffer.from(match[2] ?? '', 'hex').toString('latin1')}\n`;
      }
    }
    return text;
  });
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPageTexts(bytes)).join('\n');
}
