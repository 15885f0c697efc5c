import path from 'node:path';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { moduleRoutes } from '../../lib/route-options.js';
import { verifySignature } from '../../storage/signing.js';
import { ObjectNotFoundError } from '../../storage/storage.js';
import { parseRange } from './range.js';

const MIME: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
  '.mp3': 'audio/mpeg',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.zip': 'application/zip',
};

/**
 * Serves the local store's signed links (the S3 store signs its own). The signature binds key,
 * expiry and download name, so a link can be shared with a video player but not edited to reach another file.
 */
export const filesRoutes = moduleRoutes('files', async (app, route) => {
  app.get(
    '/files/*',
    {
      ...route('public', {
        querystring: z.object({
          expires: z.coerce.number().int(),
          signature: z.string().min(1).max(200),
          name: z.string().max(300).optional(),
        }),
      }),
      // Stored files are sent as they are: compressing would break Range answers and Content-Length.
      compress: false,
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { expires, signature, name } = request.query;
      if (!verifySignature(app.signingSecret, key, expires, signature, name)) {
        throw forbidden('This download link is invalid or has expired.');
      }
      const info = await app.storage.stat(key);
      if (!info) throw notFound('File not found.');
      const range = parseRange(request.headers.range, info.size);
      reply.header('Accept-Ranges', 'bytes');
      if (range === 'unsatisfiable') {
        reply.header('Content-Range', `bytes */${info.size}`);
        return reply.status(416).send({ message: 'Requested range not satisfiable.' });
      }
      reply.header('Cache-Control', 'private, max-age=300');
      reply.header('Content-Type', MIME[path.extname(key).toLowerCase()] ?? 'application/octet-stream');
      reply.header('X-Content-Type-Options', 'nosniff');
      if (name) reply.header('Content-Disposition', contentDisposition(name, 'inline'));
      try {
        const object = await app.storage.get(key, range);
        if (range) {
          reply.status(206);
          reply.header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
          reply.header('Content-Length', range.end - range.start + 1);
        } else {
          reply.header('Content-Length', info.size);
        }
        return reply.send(object.stream);
      } catch (error) {
        if (error instanceof ObjectNotFoundError) throw notFound('File not found.');
        throw error;
      }
    },
  );
});
