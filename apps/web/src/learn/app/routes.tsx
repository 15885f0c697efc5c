import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useSession } from '../lib/session';

// Each screen is its own chunk: the sign-in page loads only what signing in needs.
const SignedIn = lazy(() => import('./signed-in'));
const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const AccountPage = lazy(() => import('../features/auth/components/account-page'));
const MyCoursesPage = lazy(() => import('../features/courses/components/my-courses-page'));
const CoursePage = lazy(() => import('../features/courses/components/course-page'));
const LecturePage = lazy(() => import('../features/lectures/components/lecture-page'));
const ExamsPage = lazy(() => import('../features/exams/components/exams-page'));
const ExamPage = lazy(() => import('../features/exams/components/exam-page'));
const MarksPage = lazy(() => import('../features/marks/components/marks-page'));

function RequireStudent({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

export function LearnRoutes() {
  return (
    <Suspense fallback={<p className="loading">Loading…</p>}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route
          element={
            <RequireStudent>
              <SignedIn />
            </RequireStudent>
          }
        >
          <Route index element={<MyCoursesPage />} />
          <Route path="courses/:courseId" element={<CoursePage />} />
          <Route path="courses/:courseId/lectures/:lectureId" element={<LecturePage />} />
          <Route path="exams" element={<ExamsPage />} />
          <Route path="exams/:examId" element={<ExamPage />} />
          <Route path="marks" element={<MarksPage />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
