import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStaffRequest } from '@valence/contract';
import { apiFetch, errorMessage } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

export function createStaff(input: CreateStaffRequest): Promise<unknown> {
  return apiFetch('/staff', { method: 'POST', body: input });
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    meta: {
      success: 'Staff account created successfully',
      error: (_variables: CreateStaffRequest, error: unknown) =>
        `Error creating staff account: ${errorMessage(error, 'unknown error')}`,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.staff }),
  });
}
