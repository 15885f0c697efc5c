import {
  commentBankSchema,
  courseIdParamSchema,
  EXAM_LIMITS,
  examDetailSchema,
  examGroupPageSchema,
  examIdParamSchema,
  examListQuerySchema,
  examOverrideInputSchema,
  examOverrideListSchema,
  examOverrideSchema,
  examSchema,
  examStudentParamSchema,
  idParamSchema,
  markSchemeInputSchema,
  PAPER_KINDS,
  publishGradesResponseSchema,
  updateExamSchema,
} from '@valence/contract';
import { z } from 'zod';
import { acceptAnyBody, type FormSpec, withMultipartForm } from '../../lib/multipart.js';
import { errors, moduleRoutes, noContent } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';

/** POST /api/v1/exams: the exam as JSON text, and the PART II paper. */
const EXAM_FORM: FormSpec = {
  fields: { examDTO: {} },
  files: {
    examPaperFile: {
      kinds: PAPER_KINDS,
      maxBytes: EXAM_LIMITS.paperMaxBytes,
      keyPrefix: 'exams/',
      label: 'The exam paper',
    },
  },
};

/** The refusals (`{ message }`) most calls here document beside their answer. */
const failures = errors(400, 404, 409);

/** The exam calls, under their own `/api/v1/exams` paths; every one is for staff. */
export const examsRoutes = moduleRoutes('exams', async (app, route) => {
  acceptAnyBody(app);

  app.get(
    '/api/v1/exams/course/:courseId/all',
    route('staff', {
      summary: "A course's exams, newest first; with limit, a page of identifier groups (q: title or description)",
      params: courseIdParamSchema,
      querystring: examListQuerySchema,
      response: { 200: z.union([z.array(examSchema), examGroupPageSchema]), ...errors(404) },
    }),
    (request) => app.exams.list(request.params.courseId, request.query),
  );

  app.post(
    '/api/v1/exams',
    route('staff', {
      summary: 'Create an exam: multipart examDTO (JSON) and, for PART II, examPaperFile',
      consumes: ['multipart/form-data'],
      response: { 201: examSchema, ...errors(400, 404, 409, 413) },
    }),
    async (request, reply) => {
      const exam = await withMultipartForm(request, app.storage, EXAM_FORM, (form) =>
        app.exams.create(form.json('examDTO'), form.file('examPaperFile')),
      );
      return reply.status(201).send(exam);
    },
  );

  app.get(
    '/api/v1/exams/:id',
    route('staff', { params: idParamSchema, response: { 200: examDetailSchema, ...errors(404) } }),
    (request) => app.exams.detail(request.params.id),
  );

  app.patch(
    '/api/v1/exams/:examId',
    route('staff', {
      summary:
        'Edit an exam: title, description, due date and its sitting settings (only the fields given); a past due date needs allowPastDueDate',
      params: examIdParamSchema,
      body: updateExamSchema,
      response: { 200: examSchema, ...failures },
    }),
    (request) => app.exams.update(requirePrincipal(request), request.params.examId, request.body),
  );

  app.get(
    '/api/v1/exams/:examId/overrides',
    route('staff', {
      summary: "The exam's per-student overrides: extra time, an own opening or due date",
      params: examIdParamSchema,
      response: { 200: examOverrideListSchema, ...errors(404) },
    }),
    (request) => app.exams.listOverrides(request.params.examId),
  );

  app.put(
    '/api/v1/exams/:examId/overrides/:studentId',
    route('staff', {
      summary: "Set one student's override whole (fields left out are cleared); the student must be enrolled",
      params: examStudentParamSchema,
      body: examOverrideInputSchema,
      response: { 200: examOverrideSchema, ...failures },
    }),
    (request) =>
      app.exams.putOverride(requirePrincipal(request), request.params.examId, request.params.studentId, request.body),
  );

  app.delete(
    '/api/v1/exams/:examId/overrides/:studentId',
    route('staff', {
      summary: "Remove one student's override: the exam's own window applies again",
      params: examStudentParamSchema,
    }),
    (request, reply) =>
      noContent(
        reply,
        app.exams.deleteOverride(requirePrincipal(request), request.params.examId, request.params.studentId),
      ),
  );

  app.delete(
    '/api/v1/exams/:id',
    route('staff', {
      summary: "Delete the exam's content (questions, paper); 409 while it has submissions",
      params: idParamSchema,
      response: { 200: examSchema, ...failures },
    }),
    (request) => app.exams.deleteContent(requirePrincipal(request), request.params.id),
  );

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/api/v1/exams/:id/${action}`,
      route('staff', { params: idParamSchema, response: { 200: examSchema, ...failures } }),
      (request) => app.exams.setPublished(requirePrincipal(request), request.params.id, published),
    );
  }

  app.post(
    '/api/v1/exams/:id/publish-grades',
    route('staff', {
      summary: 'Publish the marks of a published PART II exam; says how many scripts are unmarked',
      params: idParamSchema,
      response: { 200: publishGradesResponseSchema, ...failures },
    }),
    (request) => app.exams.setGradesPublished(requirePrincipal(request), request.params.id, true),
  );

  app.put(
    '/api/v1/exams/:examId/mark-scheme',
    route('staff', {
      summary: "Set a PART II exam's mark scheme (questions and maximum marks adding up to 100; empty: none)",
      params: examIdParamSchema,
      body: markSchemeInputSchema,
      response: { 200: markSchemeInputSchema, ...failures },
    }),
    (request) => app.exams.setMarkScheme(requirePrincipal(request), request.params.examId, request.body.markScheme),
  );

  app.put(
    '/api/v1/exams/:examId/comment-bank',
    route('staff', {
      summary: "Replace the exam's comment bank: the comments a tutor inserts while marking",
      params: examIdParamSchema,
      body: commentBankSchema,
      response: { 200: commentBankSchema, ...failures },
    }),
    (request) => app.exams.setCommentBank(request.params.examId, request.body),
  );

  app.post(
    '/api/v1/exams/:id/unpublish-grades',
    route('staff', { params: idParamSchema, response: { 200: examSchema, ...failures } }),
    (request) => app.exams.setGradesPublished(requirePrincipal(request), request.params.id, false),
  );
});
