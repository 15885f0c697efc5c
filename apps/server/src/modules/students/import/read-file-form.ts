import { STUDENT_IMPORT_LIMITS } from '@valence/contract';
import type { FastifyRequest } from 'fastify';
import { readFilesInMemory } from '../../../lib/multipart-memory.js';

const PARTS = { file: { label: 'The student file', maxBytes: STUDENT_IMPORT_LIMITS.fileMaxBytes, kinds: [] } };

/** The `file` part of the import form, read into memory since it is parsed, never stored; null when none was sent. */
export async function readStudentFile(request: FastifyRequest): Promise<Uint8Array | null> {
  const form = await readFilesInMemory(request, PARTS, { files: 2, fields: 10, parts: 12 });
  return form.file?.bytes ?? null;
}
