import { idParamSchema, upcomingLectureSchema } from '@valence/contract';
import { errors, moduleRoutes } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';

/** A worked example for the OpenAPI page (/api/docs); `.meta` only documents. */
const upcoming = upcomingLectureSchema.array().meta({
  examples: [
    [
      {
        id: 44,
        name: 'Lesson 8 – Ionic equilibrium',
        type: 'link',
        duration: 5400,
        liveAt: '2026-11-30T12:30:00.000Z',
      },
    ],
  ],
});

/** The students' app's calls about one of the student's courses, beside its live lectures. */
export const studentCourseRoutes = moduleRoutes('student app', async (app, route) => {
  app.get(
    '/me/courses/:id/upcoming',
    route('student', {
      summary: "A course's lectures not live yet, soonest first, without their links",
      params: idParamSchema,
      response: { 200: upcoming, ...errors(403, 404) },
    }),
    (request) => app.resources.upcomingForStudent(requirePrincipal(request), request.params.id),
  );
});
