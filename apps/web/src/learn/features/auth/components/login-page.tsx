import { signinRequestSchema } from '@valence/contract';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useContractForm } from '../../../../lib/form';
import { TextField } from '../../../components/text-field';
import { ApiError, failureText } from '../../../lib/api';
import { takeEndedReason, useSession, writeSession } from '../../../lib/session';
import { logout } from '../api/logout';
import { signin } from '../api/signin';

export const SIGNIN_FAILED = 'Sign-in failed. Please check your username and password.';
export const STUDENTS_ONLY = 'This app is for students. Staff sign in to the portal at';

/**
 * Where to go once signed in: the screen the student was sent here from (a link to an exam, say),
 * else My courses. Only an address inside the app, never this page again.
 */
export function returnAddress(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login' ? from : '/';
}

/** `/learn/login`: a student signs in; staff are sent to the portal, which is theirs. */
export default function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const back = returnAddress(useLocation().state);
  const [pending, setPending] = useState(false);
  const [ended] = useState(takeEndedReason);
  const [error, setError] = useState<string | null>(null);
  const [staff, setStaff] = useState(false);
  const form = useContractForm(signinRequestSchema, { username: '', password: '' });

  if (session) return <Navigate to={back} replace />;

  async function submit(values: typeof form.values) {
    setError(null);
    setStaff(false);
    setPending(true);
    try {
      const result = await signin(signinRequestSchema.parse(values));
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
        failure instanceof ApiError && failure.status === 401 ? SIGNIN_FAILED : failureText(failure, SIGNIN_FAILED),
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <main className="login">
      <h1>Valence for students</h1>
      <p className="muted">Sign in to see your lectures, exams and marks.</p>
      {ended && <p className="alert info">{ended}</p>}
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <TextField
          name="username"
          label="Username"
          placeholder="Enter your username"
          autoComplete="username"
          autoCapitalize="none"
          {...form.getInputProps('username')}
        />
        <TextField
          name="password"
          type="password"
          label="Password"
          placeholder="Enter your password"
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        {error && (
          <p className="alert error" role="alert">
            {error}
          </p>
        )}
        {staff && (
          <p className="alert error" role="alert">
            {STUDENTS_ONLY} <a href="/">the admin portal</a>.
          </p>
        )}
        <button className="button block" type="submit" disabled={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
