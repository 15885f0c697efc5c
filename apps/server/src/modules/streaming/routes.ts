import { idParamSchema, videoStreamSchema } from '@valence/contract';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/errors.js';
import { errors, moduleRoutes } from '../../lib/route-options.js';
import { ObjectNotFoundError } from '../../storage/storage.js';
import { contentTypeOf } from './service.js';
import { rewritePlaylist, verifyStream } from './signing.js';

/** The files a ready stream has: the master playlist, the poster, each rendition's playlist and segments. */
const STREAM_FILE = /^(?:master\.m3u8|poster\.jpg|(\d{3,4})p\/(?:index\.m3u8|seg_\d{5}\.ts))$/;

const INVALID = 'This streaming link is invalid or has expired.';

export const streamingRoutes = moduleRoutes('streaming', async (app, route) => {
  app.post(
    '/resources/:id/stream/retry',
    route('staff', {
      summary: "Transcode an uploaded video's streaming versions again (after a failure)",
      params: idParamSchema,
      response: { 202: videoStreamSchema, ...errors(400, 404, 409) },
    }),
    async (request, reply) => reply.status(202).send(await app.streaming.retry(request.params.id)),
  );

  /**
   * A student's HLS files, on the signed address `GET /me/courses/{id}/resources` gave. Every
   * request is checked: the signature (lecture, student, expiry), the student still ACTIVE in the
   * course and the lecture live. Playlists are rewritten so each address in them carries the same
   * signature; files are streamed from the store (local or S3) through this server.
   */
  app.get(
    '/streams/:id/*',
    {
      ...route('public', {
        summary: "A lecture's HLS playlist, segment or poster, on a student's signed address",
        params: z.object({ id: z.coerce.number().int().positive(), '*': z.string().max(100) }),
        querystring: z.object({
          s: z.coerce.number().int().positive(),
          e: z.coerce.number().int(),
          sig: z.string().min(1).max(100),
        }),
      }),
      compress: false,
    },
    async (request, reply) => {
      const { id } = request.params;
      const file = request.params['*'];
      const query = request.query;
      if (verifyStream(app.signingSecret, id, query) !== 'ok') throw forbidden(INVALID);
      const lecture = await app.resources.findLecture(id);
      if (!lecture) throw notFound('Resource not found.');
      if (!(await app.enrollments.isActive(query.s, lecture.courseId))) {
        throw forbidden('You are not enrolled in this course.');
      }
      if (!lecture.live) throw forbidden('This lecture is not available now.');
      const match = STREAM_FILE.exec(file);
      const stream = match ? await app.streaming.findReady(id) : null;
      if (!match || !stream?.prefix) throw notFound('File not found.');
      if (match[1] && !stream.renditions.some((r) => String(r.height) === match[1])) throw notFound('File not found.');
      const key = `${stream.prefix}/${file}`;
      reply.header('Content-Type', contentTypeOf(key));
      reply.header('X-Content-Type-Options', 'nosniff');
      try {
        const object = await app.storage.get(key);
        if (file.endsWith('.m3u8')) {
          // Rewritten per request, for this student's signature: never kept by a cache.
          reply.header('Cache-Control', 'private, no-store');
          const chunks: Buffer[] = [];
          for await (const chunk of object.stream) chunks.push(Buffer.from(chunk));
          const signed = `s=${query.s}&e=${query.e}&sig=${encodeURIComponent(query.sig)}`;
          return reply.send(rewritePlaylist(Buffer.concat(chunks).toString('utf8'), signed));
        }
        // A segment never changes (a new transcode writes under a new prefix).
        reply.header('Cache-Control', 'private, max-age=31536000, immutable');
        reply.header('Content-Length', object.size);
        return reply.send(object.stream);
      } catch (error) {
        if (error instanceof ObjectNotFoundError) throw notFound('File not found.');
        throw error;
      }
    },
  );
});
