import { finished } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors.js';
import { NOT_MULTIPART } from './multipart.js';
import { asUnreadable, type FileRule, formatBytes, formError, TOO_LARGE_STATUS } from './multipart-errors.js';

/** A file part read whole into memory: one that is parsed (an import), never stored as it is. */
export type UploadedFile = { name: string; bytes: Uint8Array };

async function readPart(part: AsyncIterable<Buffer>, rule: FileRule): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part) {
    size += chunk.length;
    if (size > rule.maxBytes)
      throw new HttpError(TOO_LARGE_STATUS, `${rule.label} is larger than ${formatBytes(rule.maxBytes)}.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The file parts named in `rules`, each read into memory up to its `maxBytes` (null when not sent
 * or empty); other parts are skipped, a second part of one name is refused. A refusal before the
 * body's end closes the connection, so the client's upload stops.
 */
export async function readFilesInMemory<Name extends string>(
  request: FastifyRequest,
  rules: Record<Name, FileRule>,
  limits: { files: number; fields: number; parts: number },
): Promise<Record<Name, UploadedFile | null>> {
  if (!request.isMultipart()) throw badRequest(NOT_MULTIPART);
  const names = Object.keys(rules) as Name[];
  const largest = Math.max(...names.map((name) => rules[name].maxBytes));
  const parts = request.parts({ limits: { ...limits, fileSize: largest + 1 } });
  const form = Object.fromEntries(names.map((name) => [name, null])) as Record<Name, UploadedFile | null>;
  const seen = new Set<Name>();
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw formError(error, rules);
      }
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') continue;
      const name = part.fieldname as Name;
      if (!Object.hasOwn(rules, name)) {
        part.file.resume();
        await finished(part.file).catch(asUnreadable);
        continue;
      }
      if (seen.has(name)) throw badRequest(`Send one ${name} only.`);
      seen.add(name);
      const bytes = await readPart(part.file, rules[name]).catch(asUnreadable);
      form[name] = bytes.length ? { name: part.filename ?? '', bytes } : null;
    }
  } catch (error) {
    if (!(error instanceof HttpError) || request.raw.readableEnded) throw error;
    throw new HttpError(error.statusCode, error.message, { ...error.headers, connection: 'close' });
  }
  return form;
}
