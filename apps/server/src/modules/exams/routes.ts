import {
  courseIdParamSchema,
  EXAM_LIMITS,
  errorResponseSchema,
  examDetailSchema,
  examGroupPageSchema,
  examListQuerySchema,
  examSchema,
  idParamSchema,
  PAPER_KINDS,
  publishGradesResponseSchema,
} from '@valence/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptAnyBody, type FormSpec, withMultipartForm } from '../../lib/multipart.js';
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

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** The spec's exam calls, under its own `/api/v1/exams` paths; every one is for staff. */
export const examsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['exams'];
  acceptAnyBody(app);

  app.get(
    '/api/v1/exams/course/:courseId/all',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "A course's exams, newest first; with limit, a page of identifier groups (q: title or description)",
        params: courseIdParamSchema,
        querystring: examListQuerySchema,
        response: { 200: z.union([z.array(examSchema), examGroupPageSchema]), 404: errorResponseSchema },
      },
    },
    (request) => app.exams.list(request.params.courseId, request.query),
  );

  app.post(
    '/api/v1/exams',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Create an exam: multipart examDTO (JSON) and, for PART II, examPaperFile',
        consumes: ['multipart/form-data'],
        response: { 201: examSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const exam = await withMultipartForm(request, app.storage, EXAM_FORM, (form) =>
        app.exams.create(form.json('examDTO'), form.file('examPaperFile')),
      );
      return reply.status(201).send(exam);
    },
  );

  app.get(
    '/api/v1/exams/:id',
    {
      config: { access: 'staff' },
      schema: { tags, params: idParamSchema, response: { 200: examDetailSchema, 404: errorResponseSchema } },
    },
    (request) => app.exams.detail(request.params.id),
  );

  app.delete(
    '/api/v1/exams/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: "Delete the exam's content (questions, paper); 409 while it has submissions",
        params: idParamSchema,
        response: { 200: examSchema, ...errors },
      },
    },
    (request) => app.exams.deleteContent(requirePrincipal(request), request.params.id),
  );

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/api/v1/exams/:id/${action}`,
      {
        config: { access: 'staff' },
        schema: { tags, params: idParamSchema, response: { 200: examSchema, ...errors } },
      },
      (request) => app.exams.setPublished(requirePrincipal(request), request.params.id, published),
    );
  }

  app.post(
    '/api/v1/exams/:id/publish-grades',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Publish the marks of a published PART II exam; says how many scripts are unmarked',
        params: idParamSchema,
        response: { 200: publishGradesResponseSchema, ...errors },
      },
    },
    (request) => app.exams.setGradesPublished(requirePrincipal(request), request.params.id, true),
  );

  app.post(
    '/api/v1/exams/:id/unpublish-grades',
    {
      config: { access: 'staff' },
      schema: { tags, params: idParamSchema, response: { 200: examSchema, ...errors } },
    },
    (request) => app.exams.setGradesPublished(requirePrincipal(request), request.params.id, false),
  );
};
