import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  EXAM_MESSAGES,
  errorResponseSchema,
  examIdParamSchema,
  questionExportQuerySchema,
  questionImportQuerySchema,
  questionImportRefusalSchema,
  questionImportResultSchema,
} from '@valence/contract';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.js';
import { badRequest } from '../../lib/errors.js';
import { KIND_CONTENT_TYPES, nameForKind } from '../../lib/file-kind.js';
import type { StoredFile } from '../../lib/multipart.js';
import { acceptAnyBody } from '../../lib/multipart.js';
import { errors, moduleRoutes } from '../../lib/route-options.js';
import { sanitizeFileName } from '../../storage/storage.js';
import { parseQuestionFile } from './import/detect.js';
import { EXPORT_TYPES, exportQuestions } from './import/export.js';
import type { Picture } from './import/plan.js';
import { planImport } from './import/plan.js';
import { readImportForm } from './import/read-form.js';

/**
 * Questions from a file (CSV, XLSX, Aiken, GIFT; pictures from a zip) and to one (CSV, XLSX,
 * Aiken). Staff only, like every question call: the files hold the correct options.
 */
export const questionImportRoutes = moduleRoutes('mcq questions', async (app, route) => {
  const base = '/api/v1/exams/:examId/mcq-questions';
  acceptAnyBody(app);

  /** The pictures stored under new keys, one per question that has one; all removed if one fails. */
  async function storePictures(pictures: (Picture | null)[]): Promise<(StoredFile | null)[]> {
    const stored: (StoredFile | null)[] = [];
    try {
      for (const picture of pictures) {
        if (!picture) {
          stored.push(null);
          continue;
        }
        const fileName = nameForKind(sanitizeFileName(picture.name), picture.kind);
        const key = `questions/${randomUUID()}-${fileName}`;
        await app.storage.put(key, Readable.from([Buffer.from(picture.bytes)]), {
          contentType: KIND_CONTENT_TYPES[picture.kind],
        });
        stored.push({ key, fileName, kind: picture.kind, size: picture.bytes.length });
      }
    } catch (error) {
      await removeFiles(stored);
      throw error;
    }
    return stored;
  }

  async function removeFiles(files: (StoredFile | null)[]) {
    for (const file of files) {
      if (!file) continue;
      await app.storage
        .delete(file.key)
        .catch((error) => app.log.warn({ err: error, key: file.key }, 'could not delete stored file'));
    }
  }

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
      const { examId } = request.params;
      const dryRun = request.query.dryRun === 'true';
      const form = await readImportForm(request);
      // The exam first: a file for an exam that cannot take questions is not worth reading.
      await app.questions.checkCanAdd(examId, 0);
      if (!form.file) return reply.status(400).send({ message: 'Choose a question file to import (file).' });
      const parsed = await parseQuestionFile(form.file.bytes, form.file.name);
      if (typeof parsed === 'string') return reply.status(400).send({ message: parsed });
      const { report, inputs, pictures } = await planImport(parsed, form.images?.bytes ?? null);
      if (report.problemCount > 0) {
        const count = report.problemCount;
        const unlisted = report.unlistedProblems
          ? ` The first ${report.problems.length} problems of the file are listed; ${report.unlistedProblems} more are only counted.`
          : '';
        const message = `The file has ${count} ${count === 1 ? 'problem' : 'problems'}; nothing was imported.${unlisted}`;
        return reply.status(400).send({ message, ...report });
      }
      if (dryRun) {
        await app.questions.checkCanAdd(examId, inputs.length);
        return reply.status(200).send({ ...report, dryRun, saved: [] });
      }
      const images = await storePictures(pictures);
      try {
        const saved = await app.questions.importMany(examId, inputs, images);
        return reply.status(201).send({ ...report, dryRun, saved });
      } catch (error) {
        await removeFiles(images);
        throw error;
      }
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
      const { examId } = request.params;
      const { format } = request.query;
      const exam = await app.exams.info(examId);
      if (exam.examType !== 'MCQ') throw badRequest(EXAM_MESSAGES.notMcq);
      const body = await exportQuestions(await app.questions.answerKey(app.db, examId), format);
      const type = EXPORT_TYPES[format];
      reply.header('Content-Type', type.contentType);
      reply.header('Content-Disposition', contentDisposition(`${exam.examIdentifier}-questions.${type.extension}`));
      reply.header('Cache-Control', 'no-store');
      return reply.send(body);
    },
  );
});
