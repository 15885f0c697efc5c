import { Metadata } from '@tus/server';
import type { FastifyRequest } from 'fastify';
import { closeAfterAnswer } from '../../lib/close-connection.js';
import { HttpError } from '../../lib/errors.js';
import { moduleRoutes } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { checkCreation, keyFromUploadId } from './upload-key.js';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function fileNameFromMetadata(value: string | undefined): string | null | undefined {
  if (!value) return undefined;
  try {
    return Metadata.parse(value).filename;
  } catch {
    throw new HttpError(400, 'Upload-Metadata is not valid tus metadata.');
  }
}

/**
 * The tus resumable upload endpoint (staff only). Fastify checks access, then hands the raw request
 * to the tus server, which streams the body into the store: Fastify never parses or buffers it, so
 * neither its body limit nor the file size touches memory.
 */
export const uploadsRoutes = moduleRoutes('uploads', async (app, route) => {
  // This scope parses no body at all: every byte belongs to tus.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  for (const url of ['/uploads', '/uploads/*']) {
    app.route({
      method: ['POST', 'HEAD', 'PATCH', 'OPTIONS', 'DELETE', 'GET'],
      url,
      exposeHeadRoute: false,
      ...route('staff', {
        summary: 'tus 1.0 resumable upload (creation, HEAD offset, PATCH data, termination).',
        description:
          'POST with Upload-Length (at most 5368709120) and Upload-Metadata `filename`; the Location names the upload, whose storage key is base64url-decoded from its last segment.',
      }),
      handler: async (request, reply) => {
        const principal = requirePrincipal(request);
        if (request.method === 'POST') {
          // Refused here, before the store sees anything; tus repeats the same checks itself.
          const problem = checkCreation({
            uploadLength: header(request, 'upload-length'),
            uploadDeferLength: header(request, 'upload-defer-length'),
            fileName: fileNameFromMetadata(header(request, 'upload-metadata')),
          });
          if (problem) throw new HttpError(problem.status, problem.message);
        } else if (request.method !== 'OPTIONS') {
          // An unfinished upload is its creator's: nobody else may append to, read or remove it.
          const id = (request.params as { '*'?: string })['*'];
          const key = id ? keyFromUploadId(id) : undefined;
          const owner = key ? await app.uploads.ownerOf(key) : undefined;
          if (owner !== undefined && owner !== principal.id) {
            throw new HttpError(403, 'This upload was started by another account.');
          }
        }
        reply.hijack();
        try {
          await app.uploads.handle(request.raw, reply.raw, principal.id);
        } catch (error) {
          request.log.error({ err: error }, 'upload request failed');
          closeAfterAnswer(request.raw, reply.raw);
          if (!reply.raw.headersSent) {
            reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
            reply.raw.end(JSON.stringify({ message: 'Internal server error.' }));
          } else {
            reply.raw.destroy();
          }
        }
      },
    });
  }
});
