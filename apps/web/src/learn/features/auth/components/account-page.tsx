import { useQueryClient } from '@tanstack/react-query';
import { changeOwnPasswordSchema, type Language } from '@valence/contract';
import { useState } from 'react';
import { z } from 'zod';
import { useContractForm } from '../../../../lib/form';
import { TextField } from '../../../components/text-field';
import { failureText, signOutHere } from '../../../lib/api';
import { knownMessage, switchLanguage, useTranslation } from '../../../lib/i18n';
import { updateMe } from '../../../lib/me';
import { learnKeys } from '../../../lib/query-keys';
import { readSession } from '../../../lib/session';
import en from '../../../locales/en.json';
import { useChangePassword } from '../api/change-password';
import { logout } from '../api/logout';
import { DataSaverSetting } from './data-saver-setting';
import { LanguagePicker } from './language-picker';

export const PASSWORD_CHANGED = en.account.changed;
export const SIGNED_OUT_BY_YOU = en.messages.signedOutByYou;

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
  { name: 'currentPassword', label: 'account.currentPassword', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'account.newPassword', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'account.newPasswordAgain', autoComplete: 'new-password' },
] as const;

/**
 * Account: the app's language (kept on the server), change one's own password, sign out (a shared
 * phone must be left signed out).
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [languageFailed, setLanguageFailed] = useState(false);
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

  async function pickLanguage(language: Language) {
    setLanguageFailed(false);
    await switchLanguage(language, { picked: true });
    try {
      queryClient.setQueryData(learnKeys.me, await updateMe({ language }));
    } catch {
      // Shown in the language now chosen; sent again after the next sign-in or visit.
      await switchLanguage(language, { picked: true, unsaved: true });
      setLanguageFailed(true);
    }
  }

  async function signOut() {
    const session = readSession();
    if (session) await logout(session.token);
    signOutHere(SIGNED_OUT_BY_YOU);
  }

  return (
    <div className="stack">
      <h1>{t('account.title')}</h1>
      <section className="card">
        <LanguagePicker onPick={(language) => void pickLanguage(language)} />
        {languageFailed && (
          <p className="alert error" role="alert">
            {t('account.languageFailed')}
          </p>
        )}
      </section>
      <section className="card">
        <DataSaverSetting />
      </section>
      <section className="card">
        <h2>{t('account.changePassword')}</h2>
        {/* A send the form itself refuses takes the last answer's reason away too. */}
        <form onSubmit={form.onSubmit(submit, () => change.reset())} noValidate>
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              name={field.name}
              type="password"
              label={t(field.label)}
              autoComplete={field.autoComplete}
              {...form.getInputProps(field.name)}
              error={translated(form.getInputProps(field.name).error)}
            />
          ))}
          {change.isError && (
            <p className="alert error" role="alert">
              {knownMessage(failureText(change.error, t('account.changeFailed')))}
            </p>
          )}
          {done && (
            <p className="alert ok" role="status">
              {t('account.changed')}
            </p>
          )}
          <button className="button block" type="submit" disabled={change.isPending}>
            {change.isPending ? t('common.saving') : t('account.changePassword')}
          </button>
        </form>
      </section>
      <section className="card">
        <h2>{t('account.signOutTitle')}</h2>
        <p className="muted small">{t('account.sharedPhone')}</p>
        <button className="button danger block" type="button" onClick={signOut}>
          {t('account.signOut')}
        </button>
      </section>
    </div>
  );
}

/** A field's message from the contract's schema, in the student's language when the pack has it. */
const translated = (error: unknown) => (typeof error === 'string' ? knownMessage(error) : (error as React.ReactNode));
