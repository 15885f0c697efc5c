import { Button, Card, Group, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type CreateStaffRequest, createStaffRequestSchema, type StaffRole } from '@valence/contract';
import { type FormEvent, useState } from 'react';
import { failure, type StatusMessage, success } from '../../../components/status';
import { StatusLine } from '../../../components/status-line';
import { errorMessage } from '../../../lib/api-client';
import { useCreateStaff } from '../api/create-staff';

type FieldErrors = Partial<Record<keyof CreateStaffRequest, string>>;

const ROLE_OPTIONS: { value: StaffRole; label: string }[] = [
  { value: 'ROLE_ADMIN', label: 'Admin (instructor)' },
  { value: 'ROLE_SUPERADMIN', label: 'Superadmin' },
];

export function CreateStaffForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<StaffRole>('ROLE_ADMIN');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const createStaff = useCreateStaff();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus(null);
    const parsed = createStaffRequestSchema.safeParse({ username, password, role });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof CreateStaffRequest;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await createStaff.mutateAsync(parsed.data);
      setStatus(success('Staff account created successfully'));
      setUsername('');
      setPassword('');
    } catch (error) {
      setStatus(failure(`Error creating staff account: ${errorMessage(error, 'unknown error')}`));
    }
  }

  return (
    <Card withBorder padding="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Title order={3}>Add Staff Account</Title>
          {/* One field a row on a phone: side by side, placeholders and the role were cut to "Admi". */}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Username"
              placeholder="Staff username"
              required
              value={username}
              error={errors.username}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <TextInput
              type="password"
              label="Password"
              placeholder="At least 6 characters"
              required
              value={password}
              error={errors.password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <NativeSelect
              label="Role"
              data={ROLE_OPTIONS}
              value={role}
              error={errors.role}
              onChange={(event) => setRole(event.currentTarget.value as StaffRole)}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={createStaff.isPending}>
              Add Staff
            </Button>
          </Group>
          <StatusLine status={status} />
        </Stack>
      </form>
    </Card>
  );
}
