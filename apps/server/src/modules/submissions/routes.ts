import { examIdParamSchema, sittingListQuerySchema, sittingRowSchema } from '@valence/contract';
import { moduleRoutes, pagedList, sendList } from '../../lib/route-options.js';

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
