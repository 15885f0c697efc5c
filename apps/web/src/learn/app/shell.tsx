import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { ScreenFailed } from './screen-failed';

const TABS = [
  { to: '/', label: 'tabs.courses', end: true },
  { to: '/exams', label: 'tabs.exams', end: false },
  { to: '/marks', label: 'tabs.marks', end: false },
  { to: '/account', label: 'tabs.account', end: false },
] as const;

/** Every signed-in screen: the app's name on top, the four places at the bottom within thumb reach. */
export function Shell() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">Valence</span>
      </header>
      <main className="content">
        {/* A screen that fails says so here, under the tabs, so the student can still go elsewhere. */}
        <ScreenFailed address={pathname}>
          <Suspense fallback={<p className="loading">{t('common.loading')}</p>}>
            <Outlet />
          </Suspense>
        </ScreenFailed>
      </main>
      <nav className="tabs" aria-label={t('tabs.label')}>
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end} className="tab">
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
