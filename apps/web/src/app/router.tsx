import { Text } from '@mantine/core';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { readSession } from '../lib/session';
import { redirectHome, redirectIfSignedIn, requireAuth, requireSuperadmin } from './guards';
import { AppLayout } from './layout';
import { ContactRoute } from './routes/contact';
import { CourseDetailRoute } from './routes/course-detail';
import { CoursesRoute } from './routes/courses';
import { DashboardRoute } from './routes/dashboard';
import { LoginRoute } from './routes/login';
import {
  CombinedExamScoresRoute,
  ExamSubmissionsRoute,
  ExamsRoute,
  ManageQuestionsRoute,
  StudentMarksSummaryRoute,
  StudentsRoute,
} from './routes/placeholders';
import { StaffRoute } from './routes/staff';

function AuthLoading() {
  return <Text p="md">Loading</Text>;
}

/*
 * No errorElement anywhere on purpose: an unhandled failure shows React Router's default page
 * ('Unexpected Application Error!'), as the spec asks.
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
      { path: 'contact', Component: ContactRoute },
      {
        loader: requireAuth,
        // Re-check on every navigation: signing out elsewhere must not leave pages reachable.
        shouldRevalidate: () => true,
        children: [
          { path: 'dashboard', Component: DashboardRoute },
          { path: 'courses', Component: CoursesRoute },
          { path: 'courses/:id', Component: CourseDetailRoute },
          { path: 'students', Component: StudentsRoute },
          { path: 'exams', Component: ExamsRoute },
          { path: 'exams/:examId/submissions', Component: ExamSubmissionsRoute },
          { path: 'exams/:examId/manage-questions', Component: ManageQuestionsRoute },
          { path: 'admin/student-marks-summary', Component: StudentMarksSummaryRoute },
          { path: 'student/combined-exam-scores', Component: CombinedExamScoresRoute },
          { path: 'staff', loader: requireSuperadmin, shouldRevalidate: () => true, Component: StaffRoute },
        ],
      },
      { path: '*', loader: redirectHome },
    ],
  },
];

export const router = createBrowserRouter(routes);
