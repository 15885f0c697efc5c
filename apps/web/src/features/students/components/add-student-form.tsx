import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { isBlank, type StudentSignupRequest, studentSignupRequestSchema } from '@valence/contract';
import { useContractForm } from '../../../lib/form';
import { useCreateStudent } from '../api/create-student';

/** Username and password; the button stays disabled until both have text. */
export function AddStudentForm() {
  const create = useCreateStudent();
  const form = useContractForm<StudentSignupRequest>(studentSignupRequestSchema, { username: '', password: '' });
  const { username, password } = form.getValues();
  const ready = !isBlank(username) && !isBlank(password);

  return (
    <Card withBorder padding="lg" component="section">
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          try {
            await create.mutateAsync(studentSignupRequestSchema.parse(values));
            form.reset();
          } catch {
            // The status line says why ('Error adding student: …'); what was typed stays.
          }
        })}
      >
        <Stack>
          <Title order={3}>Add Student</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Username" autoComplete="off" {...form.getInputProps('username')} />
            <PasswordInput label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
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
