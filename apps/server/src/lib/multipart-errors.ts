import { badRequest, HttpError } from './errors.js';
import type { FileKind } from './file-kind.js';

/** How messages name a file field, and what it may be (the rest of `FileFieldOptions`). */
export type FileRule = { label: string; kinds: readonly FileKind[]; maxBytes: number };

/** An upload larger than allowed is a 413, as with tus (docs/api.md). */
export const TOO_LARGE_STATUS = 413;

const KIND_LABELS: Record<FileKind, string> = {
  pdf: 'PDF',
  doc: 'Word',
  docx: 'Word',
  jpg: 'JPG',
  png: 'PNG',
  gif: 'GIF',
  webp: 'WebP',
  txt: 'text (.txt)',
};

/** 'PDF, Word (.doc, .docx), JPG or PNG' for the paper kinds. */
export function describeKinds(kinds: readonly FileKind[]): string {
  const words = kinds.filter((kind) => kind !== 'docx' || !kinds.includes('doc'));
  const labels = words.map((kind) => {
    if (kind !== 'doc' && kind !== 'docx') return KIND_LABELS[kind];
    const word = kinds.filter((k) => k === 'doc' || k === 'docx').map((k) => `.${k}`);
    return `Word (${word.join(', ')})`;
  });
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
}

export function formatBytes(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes >= mb && bytes % mb === 0) return `${bytes / mb} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

export const wrongKind = (options: FileRule) =>
  new HttpError(400, `${options.label} must be a ${describeKinds(options.kinds)} file.`);
export const tooLarge = (options: FileRule) =>
  new HttpError(TOO_LARGE_STATUS, `${options.label} is larger than ${formatBytes(options.maxBytes)}.`);
/** The form's body ended or broke in the middle of a part. */
export const unreadable = () => new HttpError(400, 'The multipart/form-data body could not be read.');

const FORM_LIMIT_ERRORS: Record<string, string> = {
  FST_PARTS_LIMIT: 'This form has too many parts.',
  FST_FILES_LIMIT: 'This form has too many files.',
  FST_FIELDS_LIMIT: 'This form has too many fields.',
  FST_INVALID_JSON_FIELD_ERROR: 'A form field sent as application/json is not valid JSON.',
  FST_PROTO_VIOLATION: 'A form field has a name that is not allowed.',
};

/** What the parser threw, as an answer: a limit or malformed body is the client's, never a 500. */
export function formError(error: unknown, files: Record<string, FileRule>): HttpError {
  if (error instanceof HttpError) return error;
  const { code, part } = error as { code?: string; part?: { fieldname?: string } };
  const file = part?.fieldname && Object.hasOwn(files, part.fieldname) ? files[part.fieldname] : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(TOO_LARGE_STATUS, `${file?.label ?? 'A file in this form'} is too large.`);
  }
  const message = code ? FORM_LIMIT_ERRORS[code] : undefined;
  return message ? badRequest(message) : unreadable();
}

export const asUnreadable = (error: unknown): never => {
  throw error instanceof HttpError ? error : unreadable();
};
