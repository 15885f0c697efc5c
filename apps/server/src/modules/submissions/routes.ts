import { ANSWER_KINDS, examIdParamSchema, sittingListQuerySchema, sittingRowSchema } from '@valence/contract';
import { HttpError } from '../../lib/errors.js';
import { acceptAnyBody, withMultipartForm } from '../../lib/multipart.js';
import { errors, moduleRoutes, pagedList, sendList } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { examples } from '../student-app/examples.js';

/** The refusals (`{ message }`) most calls here document beside their answer. */
const failures = errors(400, 403, 404, 409);

/** A refusal before the body was read also closes the connection, so the client's upload stops. */
const closing = (ended: () => boolean) => (error: unknown) => {
  if (!(error instanceof HttpError) || ended()) throw error;
  throw new HttpError(error.statusCode, error.message, { ...error.headers, connection: 'close' });
};

/** Staff's view of an exam's sittings: who has started, who is still in, who has handed in. */
export const sittingsRoutes = moduleRoutes('submissions', async (app, route) => {
  app.get(
    '/api/v1/exams/:examId/sittings',
    route('staff', {
      summary:
        "Every actively enrolled student's sitting of the exam (not started, in progress, handed in, handed in at the deadline) by username; with limit, a page (q: name or username; state)",
      params: examIdParamSchema,
      ...pagedList(sittingListQuerySchema, sittingRowSchema, 400, 403, 404),
    }),
    async (request, reply) => sendList(reply, await app.submissions.sittings(request.params.examId, request.query)),
  );
});

/**
 * What a student hands in, through the students' app: MCQ drafts and answers, PART II scripts.
 * Students only, each answered for the signed-in student alone.
 */
export const handInRoutes = moduleRoutes('submissions', async (app, route) => {
  acceptAnyBody(app);

  app.get(
    '/api/v1/submissions/exam/:examId/draft',
    route('student', {
      summary: 'My saved MCQ choices for the exam (404 before the first save, 409 once submitted)',
      params: examIdParamSchema,
      response: { 200: examples.draft, ...failures },
    }),
    (request) => app.submissions.myDraft(requirePrincipal(request), request.params.examId),
  );

  app.put(
    '/api/v1/submissions/exam/:examId/draft',
    route('student', {
      summary: 'Save my MCQ choices so far, replacing the saved ones unless those carry a newer revision',
      params: examIdParamSchema,
      body: examples.draftBody,
      response: { 200: examples.draft, ...failures },
    }),
    async (request, reply) => {
      const json = await app.submissions.saveDraft(requirePrincipal(request), request.params.examId, request.body);
      // Written from the checked request (see `draftJson`): sent as it is.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.post(
    '/api/v1/submissions/exam/:examId/mcq',
    route(
      'student',
      {
        summary: 'Hand in MCQ answers, scored at once; one submission per exam',
        params: examIdParamSchema,
        body: examples.mcqBody,
        response: { 201: examples.submission, ...failures, ...errors(422) },
      },
      { idempotent: true },
    ),
    async (request, reply) => {
      const submission = await app.submissions.submitMcq(
        requirePrincipal(request),
        request.params.examId,
        request.body,
      );
      return reply.status(201).send(submission);
    },
  );

  app.post(
    '/api/v1/submissions/exam/:examId/upload',
    route(
      'student',
      {
        summary: 'Hand in (201) or replace (200) a PART II answer script: multipart `file`',
        consumes: ['multipart/form-data'],
        params: examIdParamSchema,
        response: { 200: examples.submission, 201: examples.submission, ...errors(400, 403, 404, 409, 413, 422) },
      },
      { idempotent: true },
    ),
    async (request, reply) => {
      const student = requirePrincipal(request);
      const { examId } = request.params;
      // When the upload began: one begun before the deadline may finish within the grace.
      const began = app.clock();
      await app.submissions.checkUpload(student, examId).catch(closing(() => request.raw.readableEnded));
      const form = {
        fields: {},
        files: {
          file: {
            kinds: ANSWER_KINDS,
            maxBytes: app.config.answerMaxBytes,
            keyPrefix: 'answers/',
            label: 'Your answer',
          },
        },
      };
      const { created, submission } = await withMultipartForm(request, app.storage, form, (parts) =>
        app.submissions.upload(student, examId, parts.file('file'), began),
      );
      return reply.status(created ? 201 : 200).send(submission);
    },
  );
});
