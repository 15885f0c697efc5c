import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { STAFF_ROLES, signinRequestSchema } from '@valence/contract';
import { type FormEvent, useState } from 'react';
import { writeSession } from '../../../lib/session';
import { logout } from '../api/logout';
import { useSignin } from '../api/signin';

export const LOGIN_FAILED = 'Login failed. Please check your username and password.';
export const STAFF_ONLY = 'This portal is for staff only.';

type FieldErrors = { username?: string; password?: string };

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const signin = useSignin();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = signinRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    try {
      const result = await signin.mutateAsync(parsed.data);
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
      <form onSubmit={handleSubmit} noValidate>
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
            value={username}
            error={fieldErrors.username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
          <TextInput
            type="password"
            label="Password"
            placeholder="Enter your password"
            autoComplete="current-password"
            required
            value={password}
            error={fieldErrors.password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={signin.isPending}>
            Login
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
