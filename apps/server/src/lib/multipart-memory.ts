import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors.js';
import { asUnreadable, type FileRule, formatBytes, TOO_LARGE_STATUS } from './multipart-errors.js';
import { forEachPart, skipPart } from './multipart-parts.js';

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
  const names = Object.keys(rules) as Name[];
  const largest = Math.max(...names.map((name) => rules[name].maxBytes));
  const form = Object.fromEntries(names.map((name) => [name, null])) as Record<Name, UploadedFile | null>;
  const seen = new Set<Name>();
  await forEachPart(request, { limits: { ...limits, fileSize: largest + 1 }, files: rules }, async (part) => {
    const name = part.fieldname as Name;
    if (part.type === 'field' || !Object.hasOwn(rules, name)) return skipPart(part);
    if (seen.has(name)) throw badRequest(`Send one ${name} only.`);
    seen.add(name);
    const bytes = await readPart(part.file, rules[name]).catch(asUnreadable);
    form[name] = bytes.length ? { name: part.filename ?? '', bytes } : null;
  });
  return form;
}
