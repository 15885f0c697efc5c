import { createBrowserRouter, type RouteObject } from 'react-router';
import { readSession } from '../lib/session';
import { redirectHome, redirectIfSignedIn, requireAuth, requireSuperadmin } from './guards';
import { AppLayout, AuthLoading } from './layout';
import { courseReadAhead, datesReadAhead } from './read-ahead';
// Sign-in is where most visits start: it is in the first bundle, so its paint waits for no second request.
import { LoginRoute } from './routes/login';

/*
 * Each page but sign-in is its own chunk, loaded when first visited: sign-in downloads only what
 * sign-in needs, and the upload client comes with the course page alone.
 */
const contact = async () => ({ Component: (await import('./routes/contact')).ContactRoute });
const courseDetail = async () => ({ Component: (await import('./routes/course-detail')).CourseDetailRoute });
const courses = async () => ({ Component: (await import('./routes/courses')).CoursesRoute });
const dashboard = async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute });
const exams = async () => ({ Component: (await import('./routes/exams')).ExamsRoute });
const manageQuestions = async () => ({ Component: (await import('./routes/manage-questions')).ManageQuestionsRoute });
// The studio brings pdf.js and the drawing tools: only this page loads them.
const markExam = async () => ({ Component: (await import('./routes/mark-exam')).MarkExamRoute });
const examSubmissions = async () => ({ Component: (await import('./routes/exam-submissions')).ExamSubmissionsRoute });
const marksSummary = async () => ({
  Component: (await import('./routes/student-marks-summary')).StudentMarksSummaryRoute,
});
const combinedScores = async () => ({
  Component: (await import('./routes/combined-exam-scores')).CombinedExamScoresRoute,
});
const students = async () => ({ Component: (await import('./routes/students')).StudentsRoute });
const gradebook = async () => ({ Component: (await import('./routes/gradebook')).GradebookRoute });
const audit = async () => ({ Component: (await import('./routes/audit')).AuditRoute });
const jobs = async () => ({ Component: (await import('./routes/jobs')).JobsRoute });
const staff = async () => ({ Component: (await import('./routes/staff')).StaffRoute });
const settings = async () => ({ Component: (await import('./routes/settings')).SettingsRoute });

/** Staff, Audit log and Jobs show dates and are a superadmin's: the role is checked, then the settings read ahead. */
function superadminWithDates() {
  requireSuperadmin();
  return datesReadAhead.loader();
}

/*
 * No errorElement anywhere on purpose: an unhandled failure shows React Router's default page
 * ('Unexpected Application Error!'), on purpose.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    // Reading the stored session is the "authentication state"; HydrateFallback covers it.
    loader: async () => readSession(),
    HydrateFallback: AuthLoading,
    Component: AppLayout,
    children: [
      { index: true, loader: redirectHome },
      { path: 'login', loader: redirectIfSignedIn, Component: LoginRoute },
      { path: 'signin', loader: redirectIfSignedIn, Component: LoginRoute },
      { path: 'contact', lazy: contact },
      {
        loader: requireAuth,
        // Re-check on every navigation: signing out elsewhere must not leave pages reachable.
        shouldRevalidate: () => true,
        children: [
          { path: 'dashboard', lazy: dashboard },
          { path: 'courses', lazy: courses },
          { path: 'courses/:id', ...courseReadAhead, lazy: courseDetail },
          { path: 'courses/:id/gradebook', lazy: gradebook },
          { path: 'students', ...datesReadAhead, lazy: students },
          { path: 'exams', ...datesReadAhead, lazy: exams },
          { path: 'exams/:examId/submissions', ...datesReadAhead, lazy: examSubmissions },
          { path: 'exams/:examId/manage-questions', lazy: manageQuestions },
          { path: 'exams/:examId/mark', lazy: markExam },
          { path: 'admin/student-marks-summary', ...datesReadAhead, lazy: marksSummary },
          { path: 'student/combined-exam-scores', lazy: combinedScores },
          { path: 'staff', loader: superadminWithDates, shouldRevalidate: () => true, lazy: staff },
          { path: 'audit', loader: superadminWithDates, shouldRevalidate: () => true, lazy: audit },
          { path: 'jobs', loader: superadminWithDates, shouldRevalidate: () => true, lazy: jobs },
          { path: 'settings', loader: requireSuperadmin, shouldRevalidate: () => true, lazy: settings },
        ],
      },
      { path: '*', loader: redirectHome },
    ],
  },
];

/**
 * The portal's router. Made by `main.tsx` in a task after the first bundle has run, not as the bundle
 * loads: creating it matches the address and starts the page's loaders and code, and that added
 * 50–65 ms to the bundle's own long task on a slow phone (docs/architecture.md, "The portal").
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
