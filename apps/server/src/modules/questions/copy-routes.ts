import {
  copyQuestionsSchema,
  examIdParamSchema,
  mcqExamFoundSchema,
  mcqExamSearchQuerySchema,
  mcqQuestionSchema,
} from '@valence/contract';
import { z } from 'zod';
import { errors, moduleRoutes } from '../../lib/route-options.js';

/** Reusing questions: find an MCQ exam of any course, copy its questions onto another. Staff only. */
export const questionCopyRoutes = moduleRoutes('mcq questions', async (app, route) => {
  app.get(
    '/api/v1/exams/mcq-search',
    route('staff', {
      summary: 'MCQ exams of any course whose title or identifier contains q (at most 20, newest first)',
      querystring: mcqExamSearchQuerySchema,
      response: { 200: z.array(mcqExamFoundSchema), ...errors(400) },
    }),
    (request) => app.questionCopy.search(request.query.q),
  );

  app.post(
    '/api/v1/exams/:examId/mcq-questions/copy',
    route(
      'staff',
      {
        summary: "Copy all or chosen questions of another MCQ exam (pictures as new files) onto this exam's end",
        params: examIdParamSchema,
        body: copyQuestionsSchema,
        response: { 201: z.array(mcqQuestionSchema), ...errors(400, 404, 409, 422) },
      },
      { idempotent: true },
    ),
    async (request, reply) => reply.status(201).send(await app.questionCopy.copy(request.params.examId, request.body)),
  );
});
