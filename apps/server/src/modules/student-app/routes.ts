import { idParamSchema } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.js';
import { forbidden, HttpError } from '../../lib/errors.js';
import { PdfRenderError, renderOnPdfWorker } from '../../lib/pdf-worker.js';
import { errors, moduleRoutes } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { examples } from './examples.js';
import { verifyLicensedPdf } from './licensed-pdf.js';

/** The students' app's own calls, for students only: every answer is about the signed-in student alone. */
export const studentAppRoutes = moduleRoutes('student app', async (app, route) => {
  app.get(
    '/me/courses',
    route('student', {
      summary: 'My courses: those with an ACTIVE enrolment, newest first',
      response: { 200: examples.courses },
    }),
    (request) => app.studentApp.myCourses(requirePrincipal(request)),
  );

  app.get(
    '/me/courses/:id/resources',
    route('student', {
      summary: "A course's lectures that are live now and not expired, with signed links",
      params: idParamSchema,
      response: { 200: examples.lectures, ...errors(403, 404) },
    }),
    (request) => app.studentApp.myLectures(requirePrincipal(request), request.params.id),
  );

  app.get(
    '/me/courses/:id/upcoming',
    route('student', {
      summary: "A course's lectures not live yet, soonest first, without their links",
      params: idParamSchema,
      response: { 200: examples.upcoming, ...errors(403, 404) },
    }),
    (request) => app.resources.upcomingForStudent(requirePrincipal(request), request.params.id),
  );

  app.post(
    '/api/watchtime',
    route('student', {
      summary: 'Record a sitting of a lecture: its name and the server time are filled in',
      body: examples.watchBody,
      response: { 201: examples.watchAnswer, ...errors(400, 403) },
    }),
    async (request, reply) =>
      reply.status(201).send(await app.studentApp.recordWatch(requirePrincipal(request), request.body)),
  );
});

/**
 * The largest heartbeat body: 200 segments and a token fit in a tenth of it. Small, because the
 * body of a call without an Authorization header is read before its token can be checked.
 */
const HEARTBEAT_BODY_LIMIT = 64 * 1024;

/**
 * `navigator.sendBeacon(url, string)` sends its JSON as text/plain;charset=UTF-8, and a page cannot
 * make it send anything else without a CORS preflight: in this scope only, such a body is read as
 * JSON by Fastify's own parser (same refusals of bad JSON and prototype keys).
 */
function readTextAsJson(app: FastifyInstance) {
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
}

/** A viewing's heartbeats and where to resume: students only, in a scope of their own (`readTextAsJson`). */
export const viewingRoutes = moduleRoutes('student app', async (app, route) => {
  readTextAsJson(app);

  app.post(
    '/me/lectures/:id/heartbeat',
    {
      ...route(
        'student',
        {
          summary:
            'Report the parts of a lecture played since the last beat; the token may come in the body (sendBeacon)',
          params: idParamSchema,
          body: examples.heartbeatBody,
          response: { 200: examples.heartbeatAnswer, ...errors(400, 401, 403, 404, 409) },
        },
        { bodyToken: true },
      ),
      bodyLimit: HEARTBEAT_BODY_LIMIT,
    },
    (request) => {
      const { token: _token, ...beat } = request.body;
      return app.studentApp.heartbeat(requirePrincipal(request), request.params.id, beat);
    },
  );

  app.get(
    '/me/lectures/:id/resume',
    route('student', {
      summary: 'Where my latest viewing of the lecture stopped (null when I have none)',
      params: idParamSchema,
      response: { 200: examples.resumePoint, ...errors(403, 404) },
    }),
    (request) => app.studentApp.resumePoint(requirePrincipal(request), request.params.id),
  );
});

/**
 * A lecture PDF as the student receives it: stamped for them on the PDF thread from the stored
 * original (which stays as uploaded). Reached by the signed link `GET /me/courses/{id}/resources`
 * gives, so pdf.js and a download need no header; the student must still be enrolled and the
 * lecture live.
 */
export const licensedPdfRoutes = moduleRoutes('student app', async (app, route) => {
  app.get(
    '/me/lectures/:id/licensed.pdf',
    {
      ...route('public', {
        summary: "A lecture PDF stamped 'Licensed to' the student its signed link was made for",
        params: idParamSchema,
        querystring: z.object({
          s: z.coerce.number().int(),
          e: z.coerce.number().int(),
          sig: z.string().min(1).max(100),
        }),
        produces: ['application/pdf'],
      }),
      compress: false,
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!verifyLicensedPdf(app.signingSecret, id, request.query)) {
        throw forbidden('This link is invalid or has expired.');
      }
      const file = await app.studentApp.licensedPdf(request.query.s, id);
      const original = await app.storage.get(file.objectKey);
      const chunks: Buffer[] = [];
      for await (const chunk of original.stream) chunks.push(chunk as Buffer);
      // A copy of its own: a small Buffer may share Node's pool, which handing it to the thread would detach.
      const pdf = new Uint8Array(Buffer.concat(chunks));
      let bytes: Uint8Array;
      try {
        bytes = await renderOnPdfWorker(
          { kind: 'licence-stamp', input: { pdf, holder: file.holder, date: file.date, language: file.language } },
          [pdf.buffer as ArrayBuffer],
        );
      } catch (error) {
        if (error instanceof PdfRenderError)
          throw new HttpError(422, 'This lecture PDF could not be read to stamp it.');
        throw error;
      }
      const name = file.name.toLowerCase().endsWith('.pdf') ? file.name : `${file.name}.pdf`;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', contentDisposition(name, 'inline'))
        .send(Buffer.from(bytes));
    },
  );
});
