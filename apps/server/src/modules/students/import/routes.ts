import {
  errorResponseSchema,
  studentImportQuerySchema,
  studentImportRefusalSchema,
  studentImportResultSchema,
} from '@valence/contract';
import { z } from 'zod';
import { acceptAnyBody } from '../../../lib/multipart.js';
import { errors, moduleRoutes } from '../../../lib/route-options.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { checkStudentFile, importStudents } from './import-service.js';
import { readStudentTable } from './read-file.js';
import { readStudentFile } from './read-file-form.js';

/**
 * Students from a CSV or XLSX file, checked first (`?dryRun=true`) and then created all together.
 * Staff only, like adding one student.
 */
export const studentImportRoutes = moduleRoutes('students', async (app, route) => {
  acceptAnyBody(app);

  app.post(
    '/students/import',
    route('staff', {
      summary:
        'Import students from a CSV or XLSX file (columns username, name, password, course): multipart file; ?dryRun=true checks without saving',
      consumes: ['multipart/form-data'],
      querystring: studentImportQuerySchema,
      response: {
        200: studentImportResultSchema,
        201: studentImportResultSchema,
        400: z.union([studentImportRefusalSchema, errorResponseSchema]),
        ...errors(409, 413),
      },
    }),
    async (request, reply) => {
      const actor = requirePrincipal(request);
      const dryRun = request.query.dryRun === 'true';
      const bytes = await readStudentFile(request);
      if (!bytes) return reply.status(400).send({ message: 'Choose a CSV or XLSX file of students to import (file).' });
      const table = await readStudentTable(bytes);
      if (typeof table === 'string') return reply.status(400).send({ message: table });
      const { report, passwords } = await checkStudentFile(app, table);
      if (report.problemCount > 0) {
        const count = report.problemCount;
        const unlisted = report.unlistedProblems
          ? ` The first ${count - report.unlistedProblems} are listed; ${report.unlistedProblems} more are only counted.`
          : '';
        const message = `The file has ${count} ${count === 1 ? 'problem' : 'problems'}; nobody was imported.${unlisted}`;
        return reply.status(400).send({ message, ...report });
      }
      if (report.rows.length === 0) return reply.status(400).send({ message: 'The file holds no students.' });
      if (dryRun) return reply.status(200).send({ ...report, dryRun, created: [] });
      const created = await importStudents(app, actor, report, passwords);
      return reply.status(201).send({ ...report, dryRun, created });
    },
  );
});
