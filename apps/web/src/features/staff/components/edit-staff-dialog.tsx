import { NativeSelect, PasswordInput } from '@mantine/core';
import {
  newPasswordSchema,
  type Staff,
  type StaffRole,
  staffRoleSchema,
  type UpdateStaffRequest,
} from '@valence/contract';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/form';
import { useUpdateStaff } from '../api/update-staff';
import { ROLE_OPTIONS } from './role-options';

/** The dialog's fields: an empty password keeps the current one (the contract's rule otherwise). */
const editStaffSchema = z.object({
  role: staffRoleSchema,
  password: z.union([z.literal(''), newPasswordSchema]),
});
type EditStaffValues = { role: StaffRole; password: string };

/** 'Edit Staff Account': another role, and a new password only when one is typed. Either ends their sessions. */
export function EditStaffDialog({ member, onClose }: { member: Staff; onClose: () => void }) {
  const update = useUpdateStaff();
  const form = useContractForm<EditStaffValues>(editStaffSchema, { role: member.role, password: '' });

  return (
    <FormDialog
      title="Edit Staff Account"
      onClose={onClose}
      onSubmit={form.onSubmit(async (values) => {
        const input: UpdateStaffRequest = {
          ...(values.role === member.role ? {} : { role: values.role }),
          ...(values.password ? { password: values.password } : {}),
        };
        // Nothing changed: nothing to send, and no session to end.
        if (Object.keys(input).length === 0) return onClose();
        try {
          await update.mutateAsync({ id: member.id, input });
          onClose();
        } catch {
          // Shown below the fields: the server's reason (the last superadmin, say).
        }
      })}
      error={update.isError && errorMessage(update.error, 'The staff account could not be updated.')}
      submitLabel="Update"
      pending={update.isPending}
    >
      <NativeSelect label="Role" data={ROLE_OPTIONS} data-autofocus {...form.getInputProps('role')} />
      <PasswordInput
        label="New password"
        description="Leave empty to keep the current password. A new role or password signs them out."
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
    </FormDialog>
  );
}
