import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useLazyContractForm } from '../../../../lib/lazy-form';
import { TextField } from '../../../components/text-field';
import { ApiError, failureText } from '../../../lib/api';
import { knownMessage, switchLanguage, useTranslation } from '../../../lib/i18n';
import { takeEndedReason, useSession, writeSession } from '../../../lib/session';
import en from '../../../locales/en.json';
import { logout } from '../api/logout';
import { loadSigninSchemas, signin } from '../api/signin';
import { LanguagePicker } from './language-picker';

export const SIGNIN_FAILED = en.login.failed;
export const STUDENTS_ONLY = en.login.studentsOnly;

const loadSchema = () => loadSigninSchemas().then((schemas) => schemas.signinRequestSchema);

/**
 * Where to go once signed in: the screen the student was sent here from (a link to an exam, say),
 * else My courses. Only an address inside the app, never this page again.
 */
export function returnAddress(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login' ? from : '/';
}

/**
 * `/learn/login`: a student signs in; staff are sent to the portal, which is theirs. The form checks
 * its fields with the contract's schema, fetched while the student types (`useLazyContractForm`):
 * zod stays out of this page's first download.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const back = returnAddress(useLocation().state);
  const [ended] = useState(takeEndedReason);
  const [error, setError] = useState<string | null>(null);
  const [staff, setStaff] = useState(false);
  const form = useLazyContractForm(loadSchema);

  if (session) return <Navigate to={back} replace />;

  async function submit(values: { username: string; password: string }) {
    setError(null);
    setStaff(false);
    try {
      const result = await signin(values);
      if (!result.roles.includes('ROLE_STUDENT')) {
        // A staff token must not stay live on the server either.
        await logout(result.jwtToken);
        setStaff(true);
        return;
      }
      writeSession({ token: result.jwtToken, roles: result.roles });
      navigate(back, { replace: true });
    } catch (failure) {
      // A wrong password gets one plain sentence; a slow-down or an outage says what it is.
      setError(
        failure instanceof ApiError && failure.status === 401
          ? t('login.failed')
          : knownMessage(failureText(failure, SIGNIN_FAILED)),
      );
    }
  }

  const fieldError = (name: string) => {
    const message = form.field(name).error;
    return typeof message === 'string' ? knownMessage(message) : message;
  };

  return (
    <main className="login">
      <h1>{t('login.title')}</h1>
      <p className="muted">{t('login.intro')}</p>
      {ended && <p className="alert info">{knownMessage(ended)}</p>}
      <LanguagePicker onPick={(language) => void switchLanguage(language, { picked: true, unsaved: true })} />
      <form
        onSubmit={form.onSubmit(submit, { onUnavailable: () => setError(t('messages.offline')) })}
        onFocus={form.prefetch}
        noValidate
      >
        <TextField
          label={t('login.username')}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
          autoCapitalize="none"
          {...form.field('username')}
          error={fieldError('username')}
        />
        <TextField
          type="password"
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          {...form.field('password')}
          error={fieldError('password')}
        />
        {error && (
          <p className="alert error" role="alert">
            {error}
          </p>
        )}
        {staff && (
          <p className="alert error" role="alert">
            {t('login.studentsOnly')} <a href="/">{t('login.portal')}</a>.
          </p>
        )}
        <button className="button block" type="submit" disabled={form.submitting}>
          {form.submitting ? t('login.signingIn') : t('login.signIn')}
        </button>
      </form>
    </main>
  );
}
