import { type Staff, staffSchema, type UpdateStaffRequest } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export type UpdateStaffVariables = { id: number; input: UpdateStaffRequest };

export function updateStaff({ id, input }: UpdateStaffVariables): Promise<Staff> {
  return read(client.PATCH('/staff/{id}', { params: { path: { id } }, body: input }), staffSchema);
}

/** The Edit dialog's change (role, new password); a refusal is shown in the dialog itself. */
export const useUpdateStaff = changeHook(updateStaff, {
  meta: { success: 'Staff account updated successfully' },
  onError: (error) => console.error('Failed to update staff account', error),
  invalidates: [keys.staff],
});

/** Disable or Enable from the list: the outcome goes to the status line. */
export const useSetStaffDisabled = changeHook(
  ({ id, disabled }: { id: number; username: string; disabled: boolean }) => updateStaff({ id, input: { disabled } }),
  {
    meta: {
      success: ({ username, disabled }: { username: string; disabled: boolean }) =>
        `Staff account ${username} ${disabled ? 'disabled' : 'enabled'}`,
      error: failureWith('Error updating staff account'),
    },
    invalidates: [keys.staff],
  },
);
