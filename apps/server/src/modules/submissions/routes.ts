import {
  errorResponseSchema,
  examIdParamSchema,
  identifierParamSchema,
  idParamSchema,
  listOrPageSchema,
  MARKED_PAPER_KINDS,
  marksSummarySchema,
  mcqFeedbackSchema,
  scoreSummaryRowSchema,
  studentIdParamSchema,
  submissionListQuerySchema,
  submissionSchema,
} from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptAnyBody, type FormSpec, withMultipartForm } from '../../lib/multipart.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { examples } from '../me/examples.js';

/** The marked paper a tutor may attach to a grade. */
export const MARKED_PAPER_MAX_BYTES = 50 * 1024 * 1024;

const GRADE_FORM: FormSpec = {
  fields: { instructorFeedback: { maxBytes: 64 * 1024 }, traditionalScore: { maxBytes: 64 } },
  files: {
    markedPaperFile: {
      kinds: MARKED_PAPER_KINDS,
      maxBytes: MARKED_PAPER_MAX_BYTES,
      keyPrefix: 'marked/',
      label: 'The marked paper',
    },
  },
};

const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The spec's submission and marks calls (staff), and the two score calls a student may make for themselves. */
export const submissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['submissions'];
  acceptAnyBody(app);

  app.get(
    '/api/v1/submissions/exam/:examId',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "An exam's submissions, newest first; with limit, a page (q: student name, username or id)",
        params: examIdParamSchema,
        querystring: submissionListQuerySchema,
        response: { 200: listOrPageSchema(submissionSchema), ...errors },
      },
    },
    (request) => app.submissions.list(request.params.examId, request.query),
  );

  app.post(
    '/api/v1/submissions/:id/grade',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Mark a submission: multipart instructorFeedback, traditionalScore (PART II), markedPaperFile',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 200: submissionSchema, ...errors, 409: errorResponseSchema, 413: errorResponseSchema },
      },
    },
    (request) =>
      withMultipartForm(request, app.storage, GRADE_FORM, (form) =>
        app.submissions.grade(requirePrincipal(request), request.params.id, form.fields, form.file('markedPaperFile')),
      ),
  );

  app.get(
    '/api/v1/submissions/:id/mcq-feedback',
    {
      config: { access: 'staff' },
      schema: { tags, params: idParamSchema, response: { 200: mcqFeedbackSchema, ...errors } },
    },
    (request) => app.submissions.mcqFeedback(request.params.id),
  );

  app.get(
    '/api/v1/submissions/admin/student/:studentId/marks-summary/:examIdentifier',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "A student's MCQ and PART II marks under one exam identifier, unpublished ones included",
        params: identifierParamSchema,
        response: { 200: marksSummarySchema, ...errors },
      },
    },
    (request) => app.marks.marksSummary(request.params.studentId, request.params.examIdentifier),
  );

  app.get(
    '/api/v1/submissions/student/:studentId/exam-score/:examIdentifier',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "A student's combined score under one identifier: staff see all, a student their own published marks",
        params: identifierParamSchema,
        response: { 200: examples.examScore, ...errors },
      },
    },
    (request) =>
      app.marks.examScore(requirePrincipal(request), request.params.studentId, request.params.examIdentifier),
  );

  app.get(
    '/api/v1/exams/student/:studentId/score-summary',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          "A student's scores per exam identifier, newest first: staff see all, a student their own published marks",
        params: studentIdParamSchema,
        response: { 200: scoreSummaryRowSchema.array(), ...errors },
      },
    },
    (request) => app.marks.scoreSummary(requirePrincipal(request), request.params.studentId),
  );
};
