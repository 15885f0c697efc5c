import {
  EXAM_LIMITS,
  examIdParamSchema,
  IMAGE_KINDS,
  mcqQuestionSchema,
  questionAnsweredSchema,
  questionParamSchema,
} from '@valence/contract';
import { z } from 'zod';
import type { FileFieldOptions, FormSpec } from '../../lib/multipart.js';
import { acceptAnyBody, withMultipartForm } from '../../lib/multipart.js';
import { errors, moduleRoutes, noContent } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';

const image = (maxCount = 1): FileFieldOptions => ({
  kinds: IMAGE_KINDS,
  maxBytes: EXAM_LIMITS.imageMaxBytes,
  keyPrefix: 'questions/',
  label: 'The question image',
  maxCount,
});

/** One question: its JSON and an optional picture. */
const QUESTION_FORM: FormSpec = { fields: { questionDTO: {} }, files: { questionImageFile: image() } };
/** Many: a JSON array (up to 100 questions of up to ~10,000 characters each) and one picture part per question. */
const BULK_FORM: FormSpec = {
  fields: { questions: { maxBytes: 8 * 1024 * 1024 } },
  files: { questionImageFiles: image(EXAM_LIMITS.questionsPerBulk) },
};

/** The refusals (`{ message }`) the question forms document beside their answer. */
const uploadFailures = errors(400, 404, 409, 413);

/** The MCQ question calls; staff only (the answers show which option is correct). */
export const questionsRoutes = moduleRoutes('mcq questions', async (app, route) => {
  const base = '/api/v1/exams/:examId/mcq-questions';
  acceptAnyBody(app);

  app.get(
    base,
    route('staff', {
      params: examIdParamSchema,
      response: { 200: z.array(mcqQuestionSchema), ...errors(400, 404) },
    }),
    (request) => app.questions.list(request.params.examId),
  );

  app.post(
    base,
    route('staff', {
      summary: 'Add a question: multipart questionDTO (JSON) and an optional questionImageFile',
      consumes: ['multipart/form-data'],
      params: examIdParamSchema,
      response: { 201: mcqQuestionSchema, ...uploadFailures },
    }),
    async (request, reply) => {
      const question = await withMultipartForm(request, app.storage, QUESTION_FORM, (form) =>
        app.questions.create(request.params.examId, form.json('questionDTO'), form.file('questionImageFile')),
      );
      return reply.status(201).send(question);
    },
  );

  app.post(
    `${base}/bulk`,
    route(
      'staff',
      {
        summary: 'Add many questions: multipart questions (JSON array) and questionImageFiles, one part per question',
        consumes: ['multipart/form-data'],
        params: examIdParamSchema,
        response: { 201: z.array(mcqQuestionSchema), ...uploadFailures, ...errors(422) },
      },
      { idempotent: true },
    ),
    async (request, reply) => {
      const questions = await withMultipartForm(request, app.storage, BULK_FORM, (form) =>
        app.questions.createMany(request.params.examId, form.json('questions'), form.files.questionImageFiles ?? []),
      );
      return reply.status(201).send(questions);
    },
  );

  app.put(
    `${base}/:questionId`,
    route('staff', {
      summary: 'Edit a question: same form; the picture stays unless a new one comes or removeImage is true',
      consumes: ['multipart/form-data'],
      params: questionParamSchema,
      response: { 200: mcqQuestionSchema, ...uploadFailures },
    }),
    (request) =>
      withMultipartForm(request, app.storage, QUESTION_FORM, (form) =>
        app.questions.update(
          request.params.examId,
          request.params.questionId,
          form.json('questionDTO'),
          form.file('questionImageFile'),
          requirePrincipal(request),
        ),
      ),
  );

  app.get(
    `${base}/:questionId/answered`,
    route('staff', {
      summary: 'How many hand-ins answered the question (their scores move if its correct option changes)',
      params: questionParamSchema,
      response: { 200: questionAnsweredSchema, ...errors(400, 404) },
    }),
    (request) => app.questions.answeredCount(request.params.examId, request.params.questionId),
  );

  app.delete(
    `${base}/:questionId`,
    route('staff', {
      summary: 'Delete a question; 409 once a student has answered it',
      params: questionParamSchema,
    }),
    (request, reply) =>
      noContent(
        reply,
        app.questions.delete(requirePrincipal(request), request.params.examId, request.params.questionId),
      ),
  );
});
