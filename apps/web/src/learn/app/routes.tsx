import { lazy, Suspense } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { useSession } from '../lib/session';
import { lazyScreen } from './lazy-screen';
import { ScreenFailed } from './screen-failed';

// Each screen is its own chunk: the sign-in page loads only what signing in needs.
const LoginPage = lazy(() => import('../features/auth/components/login-page'));

/**
 * The screens behind sign-in. Each draws inside the signed-in shell, itself a chunk: left to React,
 * a screen's code would be asked for only once the shell's had arrived and run, a second round trip
 * on a phone's network before the screen could even ask for its data. `RequireStudent` starts the
 * matched screen's download beside the shell's.
 */
export const SCREENS = [
  lazyScreen('/', () => import('../features/courses/components/my-courses-page')),
  lazyScreen('/courses/:courseId', () => import('../features/courses/components/course-page')),
  lazyScreen('/courses/:courseId/lectures/:lectureId', () => import('../features/lectures/components/lecture-page')),
  lazyScreen('/exams', () => import('../features/exams/components/exams-page')),
  lazyScreen('/exams/:examId', () => import('../features/exams/components/exam-page')),
  lazyScreen('/marks', () => import('../features/marks/components/marks-page')),
  lazyScreen('/account', () => import('../features/auth/components/account-page')),
];

/** The screen of the address the app was opened at, once `RequireStudent` has started it. */
let firstScreen: Promise<void> | undefined;

/**
 * The shell is drawn once the first screen can be drawn inside it too. Drawn earlier, it would show
 * its own "Loading…" while the screen ran, and React keeps a fallback it has just revealed on screen
 * for 300 ms: a screen fetched beside the shell painted 0.45 s later than one fetched after it.
 */
const SignedIn = lazy(() => Promise.all([import('./signed-in'), firstScreen]).then(([module]) => module));

function RequireStudent({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  // Started during render on purpose: the shell suspends this subtree, so no effect would run
  // before it has arrived. Starting twice fetches once.
  const started = SCREENS.find((one) => matchPath(one.path, location.pathname))?.start();
  firstScreen ??= started;
  return children;
}

/** The app's routes; a screen failing inside the signed-in shell is caught there, keeping the tabs. */
export function LearnRoutes() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <ScreenFailed address={pathname}>
      <Suspense fallback={<p className="loading">{t('common.loading')}</p>}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route
            element={
              <RequireStudent>
                <SignedIn />
              </RequireStudent>
            }
          >
            {SCREENS.map(({ path, Page }) =>
              path === '/' ? (
                <Route key={path} index element={<Page />} />
              ) : (
                <Route key={path} path={path.slice(1)} element={<Page />} />
              ),
            )}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Routes>
      </Suspense>
    </ScreenFailed>
  );
}
