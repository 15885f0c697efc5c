import { gradebookQuerySchema, gradebookSchema, gradebookStatsSchema, idParamSchema } from '@valence/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.js';
import { errors, moduleRoutes } from '../../lib/route-options.js';
import { gradebookCsv, gradebookXlsx } from './exports.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An export's download headers: its type, the course's title as its name, and no caching (marks change). */
function download(reply: FastifyReply, type: string, fileName: string) {
  reply.header('Content-Type', type);
  reply.header('Content-Disposition', contentDisposition(fileName));
  reply.header('Cache-Control', 'no-store');
}

/** The gradebook calls (staff): a page, the class figures, and the CSV and XLSX of the whole class. */
export const gradebookRoutes = moduleRoutes('gradebook', async (app, route) => {
  app.get(
    '/courses/:id/gradebook',
    route('staff', {
      summary:
        'A page of the course gradebook: every enrolled student by exam identifier, unpublished marks included (q: username; sort: username, name, mcq:/partTwo:/total:/status:<identifier>)',
      params: idParamSchema,
      querystring: gradebookQuerySchema,
      response: { 200: gradebookSchema, ...errors(400, 404) },
    }),
    (request) => app.gradebook.page(request.params.id, request.query),
  );

  app.get(
    '/courses/:id/gradebook/stats',
    route('staff', {
      summary:
        "The class figures of each exam identifier's combined totals: sat, mean, median, highest, lowest, histogram",
      params: idParamSchema,
      response: { 200: gradebookStatsSchema, ...errors(404) },
    }),
    (request) => app.gradebook.stats(request.params.id),
  );

  app.get(
    '/courses/:id/gradebook.csv',
    route('staff', {
      summary: 'The whole gradebook as CSV, streamed: a row per enrolled student, blanks where a part is absent',
      params: idParamSchema,
      response: { 200: z.any(), ...errors(404) },
    }),
    async (request, reply) => {
      const { id } = request.params;
      const { title, columns } = await app.gradebook.course(id);
      download(reply, 'text/csv; charset=utf-8', `${title}-gradebook.csv`);
      return reply.send(gradebookCsv(columns, () => app.gradebook.allStudents(id, columns)));
    },
  );

  app.get(
    '/courses/:id/gradebook.xlsx',
    route('staff', {
      summary: 'The whole gradebook as an XLSX workbook, streamed: a Summary sheet and a sheet per exam identifier',
      params: idParamSchema,
      response: { 200: z.any(), ...errors(404) },
    }),
    async (request, reply) => {
      const { id } = request.params;
      const { title, columns } = await app.gradebook.course(id);
      const { identifiers } = await app.gradebook.stats(id);
      download(reply, XLSX_TYPE, `${title}-gradebook.xlsx`);
      const stream = gradebookXlsx(
        columns,
        identifiers,
        () => app.gradebook.allStudents(id, columns),
        (error) => request.log.error({ err: error }, 'The gradebook workbook failed while streaming'),
      );
      return reply.send(stream);
    },
  );
});
