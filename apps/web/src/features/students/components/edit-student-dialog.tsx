import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type Student, type StudentUpdateRequest, studentUpdateRequestSchema } from '@valence/contract';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/form';
import { useUpdateStudent } from '../api/update-student';

/** 'Edit Student': a new username, and a new password only when one is typed. */
export function EditStudentDialog({ student, onClose }: { student: Student; onClose: () => void }) {
  const update = useUpdateStudent();
  const form = useContractForm<StudentUpdateRequest>(studentUpdateRequestSchema, {
    username: student.username,
    password: '',
  });

  return (
    <Modal opened onClose={onClose} title="Edit Student" centered>
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          try {
            await update.mutateAsync({ id: student.id, input: studentUpdateRequestSchema.parse(values) });
            onClose();
          } catch {
            // Shown below the fields: the spec gives this failure no status-line text.
          }
        })}
      >
        <Stack>
          <TextInput label="Username" data-autofocus {...form.getInputProps('username')} />
          <PasswordInput
            label="Password"
            description="Leave empty to keep the current password."
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          {update.isError && (
            <Text c="red" role="alert" size="sm">
              {errorMessage(update.error, 'The student could not be updated.')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Update
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
