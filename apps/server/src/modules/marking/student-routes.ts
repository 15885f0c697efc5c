import { myMarksRowSchema } from '@valence/contract';
import { sendReport } from '../../lib/pdf-type/send-report.js';
import { moduleRoutes } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { myMarksReport } from './report-pdfs.js';

/** The students' app's marks: students only, each answered for the signed-in student alone. */
export const studentMarksRoutes = moduleRoutes('student app', async (app, route) => {
  app.get(
    '/me/marks',
    route('student', {
      summary: 'My marks per exam identifier, newest first: MCQ once the exam is published, PART II once its marks are',
      response: { 200: myMarksRowSchema.array() },
    }),
    (request) => app.marks.myMarks(requirePrincipal(request)),
  );

  app.get(
    '/me/marks.pdf',
    route('student', {
      summary: 'My marks as a PDF in my language (the same rows as /me/marks; my name in any script)',
      produces: ['application/pdf'],
    }),
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const [rows, account, settings, institute] = await Promise.all([
        app.marks.myMarks(principal),
        app.accounts.findById(principal.id),
        app.accounts.findSettings(principal.id),
        app.settings.header(),
      ]);
      const report = myMarksReport({
        username: principal.username,
        name: account?.name ?? null,
        rows,
        timeZone: app.config.timeZone,
        now: new Date(),
        institute,
        language: settings?.language ?? null,
      });
      return sendReport(reply, report, `my_marks_${principal.username}.pdf`);
    },
  );
});
