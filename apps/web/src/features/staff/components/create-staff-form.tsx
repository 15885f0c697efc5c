import { Button, Card, Group, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { createStaffRequestSchema, type StaffRole } from '@valence/contract';
import { StatusOutlet } from '../../../components/status-outlet';
import { useContractForm } from '../../../lib/form';
import { clearStatus } from '../../../lib/status-store';
import { useCreateStaff } from '../api/create-staff';
import { ROLE_OPTIONS } from './role-options';

export function CreateStaffForm() {
  const form = useContractForm(createStaffRequestSchema, {
    username: '',
    password: '',
    role: 'ROLE_ADMIN' as StaffRole,
  });
  const createStaff = useCreateStaff();

  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        onSubmit={form.onSubmit(
          async (values) => {
            try {
              await createStaff.mutateAsync(createStaffRequestSchema.parse(values));
              form.setValues({ username: '', password: '' });
            } catch {
              // The status line below says why; what was typed stays.
            }
          },
          // The last account's success line must not read as this refused attempt's result.
          clearStatus,
        )}
      >
        <Stack>
          <Title order={3}>Add Staff Account</Title>
          {/* One field a row on a phone: side by side, placeholders and the role were cut to "Admi". */}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Username" placeholder="Staff username" required {...form.getInputProps('username')} />
            <TextInput
              type="password"
              label="Password"
              placeholder="At least 6 characters"
              required
              {...form.getInputProps('password')}
            />
            <NativeSelect label="Role" data={ROLE_OPTIONS} {...form.getInputProps('role')} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={createStaff.isPending}>
              Add Staff
            </Button>
          </Group>
          <StatusOutlet />
        </Stack>
      </form>
    </Card>
  );
}
