import {
  courseCoverageQuerySchema,
  courseCoverageSchema,
  examIdParamSchema,
  idParamSchema,
  itemAnalysisSchema,
  studentCoverageSchema,
} from '@valence/contract';
import { errors, moduleRoutes } from '../../lib/route-options.js';

/** Staff's figures about a class; every call reads, none changes anything. */
export const insightRoutes = moduleRoutes('insight', async (app, route) => {
  app.get(
    '/api/v1/exams/:examId/item-analysis',
    route('staff', {
      summary: "An MCQ exam's item analysis: facility, point-biserial discrimination, option shares, flags, KR-20",
      params: examIdParamSchema,
      response: { 200: itemAnalysisSchema, ...errors(400, 404) },
    }),
    (request) => app.insight.itemAnalysis(request.params.examId),
  );

  app.get(
    '/courses/:id/watch-coverage',
    route('staff', {
      summary: "Each lecture's watch coverage in the course: openers, average coverage, drop-off, who has not watched",
      params: idParamSchema,
      querystring: courseCoverageQuerySchema,
      response: { 200: courseCoverageSchema, ...errors(400, 404) },
    }),
    (request) => app.insight.courseCoverage(request.params.id, request.query),
  );

  app.get(
    '/students/:id/watch-coverage',
    route('staff', {
      summary: "A student's coverage of each lecture of each course they are enrolled in",
      params: idParamSchema,
      response: { 200: studentCoverageSchema, ...errors(404) },
    }),
    (request) => app.insight.studentCoverage(request.params.id),
  );
});
