/** What a stored file is, told by its first bytes; the name alone never decides (it only tells docx from zip). */
export type FileKind = 'pdf' | 'doc' | 'docx' | 'jpg' | 'png' | 'gif' | 'webp' | 'txt';

/** How many first bytes `detectFileKind` looks at (plain text is judged on this much). */
export const SNIFF_BYTES = 4096;

/** The extensions a file of each kind may carry, the first being the one given when the name has none of them. */
export const KIND_EXTENSIONS: Record<FileKind, readonly string[]> = {
  pdf: ['.pdf'],
  doc: ['.doc'],
  docx: ['.docx'],
  jpg: ['.jpg', '.jpeg'],
  png: ['.png'],
  gif: ['.gif'],
  webp: ['.webp'],
  txt: ['.txt'],
};

export const KIND_CONTENT_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain; charset=utf-8',
};

const startsWith = (head: Uint8Array, signature: readonly number[], at = 0) =>
  head.length >= at + signature.length && signature.every((byte, i) => head[at + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG = [0xff, 0xd8, 0xff];

/** UTF-8 without a NUL; a character cut by the end of `head` is not held against it. */
function isText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The kind of a file from its first bytes (up to `SNIFF_BYTES`; fewer when the file is shorter), or
 * null when it is none of the kinds known here. A zip counts as docx only when its name ends .docx:
 * every Office Open XML file is a zip, and a zip of anything else is not a Word document.
 */
export function detectFileKind(head: Uint8Array, fileName: string): FileKind | null {
  if (head.length === 0) return null;
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, OLE)) return 'doc';
  if (startsWith(head, ZIP)) return /\.docx$/i.test(fileName) ? 'docx' : null;
  if (startsWith(head, JPG)) return 'jpg';
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  return isText(head.subarray(0, SNIFF_BYTES)) ? 'txt' : null;
}

/**
 * A file name that says what the file is: the name kept when its extension fits the kind, else the
 * kind's extension put in place of its own (a PDF sent as notes.png is stored as notes.pdf, so it is
 * served as a PDF).
 */
export function nameForKind(fileName: string, kind: FileKind): string {
  const extensions = KIND_EXTENSIONS[kind];
  const lower = fileName.toLowerCase();
  if (extensions.some((extension) => lower.endsWith(extension))) return fileName;
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${base || 'file'}${extensions[0]}`;
}
