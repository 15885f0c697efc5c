import { examIdParamSchema, examStartSchema, idParamSchema } from '@valence/contract';
import { SharedAnswers } from '../../lib/compression.js';
import { acceptAnyBody } from '../../lib/multipart.js';
import { errors, moduleRoutes } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { examples } from './examples.js';

/** The refusals (`{ message }`) most calls here document beside their answer. */
const failures = errors(400, 403, 404, 409);

/**
 * The students' app's exam calls (`/me/exams`, the paper): students only, each answered for the
 * signed-in student alone. What a student hands in (`/api/v1/submissions/exam/...`) is the
 * submissions module's (`submissions/routes.ts`).
 */
export const studentExamsRoutes = moduleRoutes('student app', async (app, route) => {
  // As before the hand-in calls moved: a start sent with a body of any type is not refused 415.
  acceptAnyBody(app);
  const papers = new SharedAnswers();

  app.get(
    '/me/exams',
    route('student', {
      summary: 'My exams: published, of my active courses, soonest due first; where I stand in each, no questions',
      response: { 200: examples.exams },
    }),
    (request) => app.submissions.myExams(requirePrincipal(request)),
  );

  app.get(
    '/me/exams/:examId',
    route('student', {
      summary: 'One of my exams with its questions and options in order; never the answer key',
      params: examIdParamSchema,
      response: { 200: examples.exam, ...errors(403, 404) },
    }),
    async (request, reply) => {
      const json = await app.submissions.myExam(requirePrincipal(request), request.params.examId);
      // JSON already checked against the response schema: sent as it is (Fastify serialises no
      // string), compressed once for the whole class that opens the same paper.
      return papers.send(request, reply, json);
    },
  );

  app.post(
    '/me/exams/:examId/start',
    route('student', {
      summary:
        'Start my sitting of the exam (a timed one gives out its questions only then); a repeated start answers the same sitting',
      params: examIdParamSchema,
      response: { 200: examStartSchema, ...errors(403, 404, 409) },
    }),
    (request) => app.submissions.start(requirePrincipal(request), request.params.examId),
  );

  app.get(
    '/api/v1/exams/:id/paper',
    route('student', {
      summary: 'A signed link to the paper of a published PART II exam of my course',
      params: idParamSchema,
      response: { 200: examples.paper, ...failures },
    }),
    (request) => app.submissions.paper(requirePrincipal(request), request.params.id),
  );
});
