import { changeOwnPasswordSchema } from '@valence/contract';
import { useState } from 'react';
import { z } from 'zod';
import { useContractForm } from '../../../../lib/form';
import { TextField } from '../../../components/text-field';
import { failureText, signOutHere } from '../../../lib/api';
import { readSession } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';
import { logout } from '../api/logout';

export const PASSWORD_CHANGED =
  'Your password has been changed. You stay signed in here; other devices are signed out.';
export const SIGNED_OUT_BY_YOU = 'You have signed out.';

// The server's own rules for the change, and a second typing of the new password to catch a slip.
const passwordFormSchema = z
  .object({ ...changeOwnPasswordSchema.shape, confirmPassword: z.string() })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must be different from the current one.',
  })
  .refine((value) => value.confirmPassword === value.newPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords do not match.',
  });

const FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'New password again', autoComplete: 'new-password' },
] as const;

/** Account: change one's own password; sign out (a shared phone must be left signed out). */
export default function AccountPage() {
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const form = useContractForm(
    passwordFormSchema,
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    // The server's reason is about what was sent: once the form is edited it no longer stands.
    { onValuesChange: () => change.reset() },
  );

  async function submit(values: typeof form.values) {
    setDone(false);
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      form.reset();
      setDone(true);
    } catch {
      // The message is shown from the mutation's error below.
    }
  }

  async function signOut() {
    const session = readSession();
    if (session) await logout(session.token);
    signOutHere(SIGNED_OUT_BY_YOU);
  }

  return (
    <div className="stack">
      <h1>Account</h1>
      <section className="card">
        <h2>Change password</h2>
        {/* A send the form itself refuses takes the last answer's reason away too. */}
        <form onSubmit={form.onSubmit(submit, () => change.reset())} noValidate>
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              name={field.name}
              type="password"
              label={field.label}
              autoComplete={field.autoComplete}
              {...form.getInputProps(field.name)}
            />
          ))}
          {change.isError && (
            <p className="alert error" role="alert">
              {failureText(change.error, 'Your password could not be changed. Please try again.')}
            </p>
          )}
          {done && (
            <p className="alert ok" role="status">
              {PASSWORD_CHANGED}
            </p>
          )}
          <button className="button block" type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving…' : 'Change password'}
          </button>
        </form>
      </section>
      <section className="card">
        <h2>Sign out</h2>
        <p className="muted small">On a shared phone, sign out when you are done.</p>
        <button className="button danger block" type="button" onClick={signOut}>
          Sign out
        </button>
      </section>
    </div>
  );
}
