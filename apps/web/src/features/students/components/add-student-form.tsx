import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { isBlank, studentSignupRequestSchema } from '@valence/contract';
import { useContractForm } from '../../../lib/form';
import { clearStatus } from '../../../lib/status-store';
import { useCreateStudent } from '../api/create-student';

type AddStudentValues = { username: string; password: string; name: string };

/** Username, password and an optional name; the button stays disabled until the first two have text. */
export function AddStudentForm() {
  const create = useCreateStudent();
  // A refusal is about what was sent: once the form is edited, or sent and refused by the form
  // itself, it no longer stands (other messages of the page are left alone).
  const forgetRefusal = () => {
    if (!create.isError) return;
    create.reset();
    clearStatus();
  };
  const form = useContractForm<AddStudentValues>(
    studentSignupRequestSchema,
    { username: '', password: '', name: '' },
    { onValuesChange: forgetRefusal },
  );
  const { username, password } = form.getValues();
  const ready = !isBlank(username) && !isBlank(password);

  return (
    <Card withBorder padding="lg" component="section">
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          try {
            const { name, ...account } = studentSignupRequestSchema.parse(values);
            await create.mutateAsync(name ? { ...account, name } : account);
            form.reset();
          } catch {
            // The status line says why ('Error adding student: …'); what was typed stays.
          }
        }, forgetRefusal)}
      >
        <Stack>
          <Title order={3}>Add Student</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Username" autoComplete="off" {...form.getInputProps('username')} />
            <PasswordInput label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
            <TextInput
              label="Name"
              placeholder="Optional, in any language"
              autoComplete="off"
              {...form.getInputProps('name')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" disabled={!ready || create.isPending} loading={create.isPending}>
              Add Student
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
