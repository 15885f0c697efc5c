import {
  bulkReturnQuerySchema,
  bulkReturnReportSchema,
  errorResponseSchema,
  examIdParamSchema,
} from '@valence/contract';
import { z } from 'zod';
import { contentDisposition } from '../../../lib/content-disposition.js';
import { acceptAnyBody } from '../../../lib/multipart.js';
import { errors, moduleRoutes } from '../../../lib/route-options.js';
import { requirePrincipal, signedLink } from '../../../plugins/auth.js';
import { BulkRefusal } from './service.js';

/** How long the download link lasts: long enough to click, short enough not to be worth sharing. */
const LINK_TTL_SECONDS = 120;

const linkQuery = z.object({
  by: z.string().max(12).optional(),
  expires: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
});

/** Staff's bulk marking of a PART II exam: every script out as one zip, marked papers back in. */
export const bulkMarkingRoutes = moduleRoutes('submissions', async (app, route) => {
  acceptAnyBody(app);

  app.get(
    '/api/v1/exams/:examId/scripts.zip',
    {
      ...route(
        'staff',
        {
          summary:
            'Every script of a PART II exam as one zip, each named <username>.<extension>; streamed. With a bearer header, or through the link from scripts-link',
          params: examIdParamSchema,
          querystring: linkQuery,
          response: { 200: z.any(), ...errors(400, 401, 403, 404, 409) },
        },
        { signedLink: true },
      ),
      // Scripts are compressed already; and a zip is sent as it is made, without a length.
      compress: false,
    },
    async (request, reply) => {
      const { fileName, stream } = await app.bulkMarking.scriptsZip(request.params.examId);
      reply.header('Content-Type', 'application/zip');
      reply.header('Content-Disposition', contentDisposition(fileName));
      reply.header('Cache-Control', 'no-store');
      return reply.send(stream);
    },
  );

  app.get(
    '/api/v1/exams/:examId/scripts-link',
    route('staff', {
      summary: 'A link (two minutes) that downloads scripts.zip as the caller, for a plain browser download',
      params: examIdParamSchema,
      response: { 200: z.object({ url: z.string() }), ...errors(400, 403, 404, 409) },
    }),
    async (request) => {
      await app.bulkMarking.assertMarkable(request.params.examId);
      const pathname = (request.url.split('?')[0] ?? '').replace(/\/scripts-link$/, '/scripts.zip');
      return { url: await signedLink(app, requirePrincipal(request), pathname, LINK_TTL_SECONDS) };
    },
  );

  app.post(
    '/api/v1/exams/:examId/marked-papers',
    route('staff', {
      summary:
        'Return marked papers: multipart file, a zip of papers named <username> or <student ID> and an optional marks.csv; ?dryRun=true reports without saving',
      consumes: ['multipart/form-data'],
      params: examIdParamSchema,
      querystring: bulkReturnQuerySchema,
      response: {
        200: bulkReturnReportSchema,
        400: z.union([bulkReturnReportSchema, errorResponseSchema]),
        ...errors(403, 404, 409, 413),
      },
    }),
    async (request, reply) => {
      try {
        return await app.bulkMarking.returnMarkedPapers(
          requirePrincipal(request),
          request.params.examId,
          request,
          request.query.dryRun,
        );
      } catch (error) {
        if (error instanceof BulkRefusal) return reply.status(400).send(error.report);
        throw error;
      }
    },
  );
});
