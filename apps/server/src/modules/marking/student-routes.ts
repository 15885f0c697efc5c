import { myMarksRowSchema } from '@valence/contract';
import { moduleRoutes } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';

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
});
