/** The signed-in shell every screen but sign-in is drawn in: its own chunk, fetched beside the screen's. */
const SHELL = 'app/signed-in';

/**
 * Every screen of the students' app: its address under /learn (as in `routes.tsx`; `/` is the app's
 * home) and the modules under `src/learn` it needs, its own first. The build writes, for each, an
 * entry HTML that starts downloading them beside the first bundle (see
 * `vite-plugin-page-preload.ts`), so a phone opening a link to its exam does not wait for the first
 * bundle to run before asking for the screen. `lazy-pages.test.ts` checks it against the routes.
 */
export const LEARN_PAGES = {
  login: ['features/auth/components/login-page'],
  '/': ['features/courses/components/my-courses-page', SHELL],
  'courses/:courseId': ['features/courses/components/course-page', SHELL],
  'courses/:courseId/lectures/:lectureId': ['features/lectures/components/lecture-page', SHELL],
  exams: ['features/exams/components/exams-page', SHELL],
  'exams/:examId': ['features/exams/components/exam-page', SHELL],
  marks: ['features/marks/components/marks-page', SHELL],
  account: ['features/auth/components/account-page', SHELL],
} as const satisfies Record<string, readonly string[]>;
