import { PasswordInput, TextInput } from '@mantine/core';
import { type Student, studentUpdateRequestSchema } from '@valence/contract';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/form';
import { useUpdateStudent } from '../api/update-student';

type EditStudentValues = { username: string; password: string; name: string };

/** 'Edit Student': a new username and name, and a new password only when one is typed. */
export function EditStudentDialog({ student, onClose }: { student: Student; onClose: () => void }) {
  const update = useUpdateStudent();
  const form = useContractForm<EditStudentValues>(studentUpdateRequestSchema, {
    username: student.username,
    password: '',
    name: student.name ?? '',
  });

  return (
    <FormDialog
      title="Edit Student"
      onClose={onClose}
      onSubmit={form.onSubmit(async (values) => {
        try {
          await update.mutateAsync({ id: student.id, input: studentUpdateRequestSchema.parse(values) });
          onClose();
        } catch {
          // Shown below the fields: this failure has no status-line text.
        }
      })}
      error={update.isError && errorMessage(update.error, 'The student could not be updated.')}
      submitLabel="Update"
      pending={update.isPending}
    >
      <TextInput label="Username" data-autofocus {...form.getInputProps('username')} />
      <TextInput label="Name" description="Optional, in any language." {...form.getInputProps('name')} />
      <PasswordInput
        label="Password"
        description="Leave empty to keep the current password."
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
    </FormDialog>
  );
}
