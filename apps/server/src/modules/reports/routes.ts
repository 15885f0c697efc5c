import { courseIdParamSchema, reportJobIdParamSchema, reportJobSchema, studentIdParamSchema } from '@valence/contract';
import { contentDisposition } from '../../lib/content-disposition.js';
import { errors, moduleRoutes } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';

/** Report packs: a student's PDF made on request, a course's zip made by a job and polled. */
export const reportsRoutes = moduleRoutes('reports', async (app, route) => {
  app.get(
    '/students/:studentId/report-pack.pdf',
    route('staff', {
      summary: "A student's report pack: one PDF of enrolments, watch summary with coverage, marks and feedback",
      params: studentIdParamSchema,
      produces: ['application/pdf'],
    }),
    async (request, reply) => {
      const pack = await app.reports.studentPack(request.params.studentId);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(pack.fileName))
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(pack.bytes));
    },
  );

  app.post(
    '/courses/:courseId/report-packs',
    route('staff', {
      summary: "Start making every enrolled student's report pack into one zip; poll the job it answers",
      params: courseIdParamSchema,
      response: { 202: reportJobSchema, ...errors(400, 404) },
    }),
    async (request, reply) =>
      reply.status(202).send(await app.reports.startCourseJob(requirePrincipal(request), request.params.courseId)),
  );

  app.get(
    '/report-jobs/:jobId',
    route('staff', {
      summary: 'A report packs job: status, progress (done of total) and, once done, a signed link to the zip',
      params: reportJobIdParamSchema,
      response: { 200: reportJobSchema, ...errors(400, 404) },
    }),
    (request) => app.reports.job(request.params.jobId),
  );
});
