import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type SigninRequest, STAFF_ROLES } from '@valence/contract';
import { useState } from 'react';
import { useLazyContractForm } from '../../../lib/lazy-form';
import { writeSession } from '../../../lib/session';
import { logout } from '../api/logout';
import { loadSigninSchemas, useSignin } from '../api/signin';

export const LOGIN_FAILED = 'Login failed. Please check your username and password.';
export const STAFF_ONLY = 'This portal is for staff only.';
export const UNAVAILABLE = 'The sign-in form could not load. Check your connection and try again.';
/**
 * The students' app's sign-in page. A plain link, not the router's: the students' app is another
 * single-page app served beside this one, so the browser must load it.
 */
export const STUDENT_APP_LOGIN = '/learn/login';

const loadRequestSchema = () => loadSigninSchemas().then((module) => module.signinRequestSchema);

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { field, onSubmit, prefetch, submitting } = useLazyContractForm(loadRequestSchema);
  const [error, setError] = useState<string | null>(null);
  const signin = useSignin();

  async function handleSubmit(values: SigninRequest) {
    setError(null);
    try {
      const result = await signin.mutateAsync(values);
      const isStaff = result.roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role));
      if (!isStaff) {
        // A student token must not linger as a live session on the server either.
        logout(result.jwtToken).catch(() => undefined);
        setError(STAFF_ONLY);
        return;
      }
      writeSession({ token: result.jwtToken, roles: result.roles });
      onSuccess();
    } catch {
      setError(LOGIN_FAILED);
    }
  }

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={420} mx="auto" mt="xl">
      <form
        onSubmit={onSubmit(handleSubmit, {
          onInvalid: () => setError(null),
          onUnavailable: () => setError(UNAVAILABLE),
        })}
        onFocus={prefetch}
        noValidate
      >
        <Stack>
          <Title order={2}>Admin Portal</Title>
          <Text c="dimmed" size="sm">
            Sign in with your staff account.
          </Text>
          <TextInput
            label="Username"
            placeholder="Enter your username"
            autoComplete="username"
            required
            {...field('username')}
          />
          <TextInput
            type="password"
            label="Password"
            placeholder="Enter your password"
            autoComplete="current-password"
            required
            {...field('password')}
          />
          {error && (
            <Alert color="red" role="alert">
              <Text size="sm">{error}</Text>
              {error === STAFF_ONLY && (
                // A student who came here by mistake is told where their own sign-in is.
                <Text size="sm" mt={4}>
                  Students sign in at <Anchor href={STUDENT_APP_LOGIN}>{STUDENT_APP_LOGIN}</Anchor>.
                </Text>
              )}
            </Alert>
          )}
          <Button type="submit" loading={submitting}>
            Login
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
