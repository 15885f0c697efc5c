import type { CreateStaffRequest } from '@valence/contract';
import { client, done } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export function createStaff(input: CreateStaffRequest): Promise<unknown> {
  return done(client.POST('/staff', { body: input }));
}

export const useCreateStaff = changeHook(createStaff, {
  meta: { success: 'Staff account created successfully', error: failureWith('Error creating staff account') },
  invalidates: [keys.staff],
});
