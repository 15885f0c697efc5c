import { QUESTION_IMPORT_LIMITS } from '@valence/contract';
import type { FastifyRequest } from 'fastify';
import { readFilesInMemory, type UploadedFile } from '../../../lib/multipart-memory.js';

export type ImportForm = { file: UploadedFile | null; images: UploadedFile | null };

const PARTS = {
  file: { label: 'The question file', maxBytes: QUESTION_IMPORT_LIMITS.fileMaxBytes, kinds: [] },
  images: { label: 'The images zip', maxBytes: QUESTION_IMPORT_LIMITS.imagesMaxBytes, kinds: [] },
};

/**
 * The import form: `file` (at most 5 MB) and an optional `images` zip (at most 20 MB), each read
 * into memory since both are parsed, never stored as they are.
 */
export function readImportForm(request: FastifyRequest): Promise<ImportForm> {
  return readFilesInMemory(request, PARTS, { files: 4, fields: 10, parts: 14 });
}
