import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { ScreenFailed } from './screen-failed';

const TABS = [
  { to: '/', label: 'Courses', end: true },
  { to: '/exams', label: 'Exams', end: false },
  { to: '/marks', label: 'Marks', end: false },
  { to: '/account', label: 'Account', end: false },
];

/** Every signed-in screen: the app's name on top, the four places at the bottom within thumb reach. */
export function Shell() {
  const { pathname } = useLocation();
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">Valence</span>
      </header>
      <main className="content">
        {/* A screen that fails says so here, under the tabs, so the student can still go elsewhere. */}
        <ScreenFailed address={pathname}>
          <Suspense fallback={<p className="loading">Loading…</p>}>
            <Outlet />
          </Suspense>
        </ScreenFailed>
      </main>
      <nav className="tabs" aria-label="Main">
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end} className="tab">
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
