import {
  errorResponseSchema,
  examIdParamSchema,
  questionExportQuerySchema,
  questionImportQuerySchema,
  questionImportRefusalSchema,
  questionImportResultSchema,
} from '@valence/contract';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.js';
import { acceptAnyBody } from '../../lib/multipart.js';
import { errors, moduleRoutes } from '../../lib/route-options.js';
import { readImportForm } from './import/read-form.js';
import { QuestionImportService } from './import-service.js';

/**
 * Questions from a file (CSV, XLSX, Aiken, GIFT; pictures from a zip) and to one (CSV, XLSX,
 * Aiken). Staff only, like every question call: the files hold the correct options.
 */
export const questionImportRoutes = moduleRoutes('mcq questions', async (app, route) => {
  const base = '/api/v1/exams/:examId/mcq-questions';
  acceptAnyBody(app);

  const imports = new QuestionImportService(app);

  app.post(
    `${base}/import`,
    route(
      'staff',
      {
        summary:
          'Import questions from a file: multipart file (CSV, XLSX, Aiken or GIFT) and an optional images zip; ?dryRun=true checks without saving',
        consumes: ['multipart/form-data'],
        params: examIdParamSchema,
        querystring: questionImportQuerySchema,
        response: {
          200: questionImportResultSchema,
          201: questionImportResultSchema,
          400: z.union([questionImportRefusalSchema, errorResponseSchema]),
          ...errors(404, 409, 413, 422),
        },
      },
      { idempotent: true },
    ),
    async (request, reply) => {
      const form = await readImportForm(request);
      const { saved, result } = await imports.importFile(request.params.examId, form, request.query.dryRun === 'true');
      return reply.status(saved ? 201 : 200).send(result);
    },
  );

  app.get(
    `${base}/export`,
    route('staff', {
      summary: "Download the exam's questions as CSV, XLSX or Aiken, in a form the import reads back",
      params: examIdParamSchema,
      querystring: questionExportQuerySchema,
      response: { 200: z.any(), ...errors(400, 404) },
    }),
    async (request, reply) => {
      const file = await imports.exportFile(request.params.examId, request.query.format);
      reply.header('Content-Type', file.contentType);
      reply.header('Content-Disposition', contentDisposition(file.fileName));
      reply.header('Cache-Control', 'no-store');
      return reply.send(file.body);
    },
  );
});
