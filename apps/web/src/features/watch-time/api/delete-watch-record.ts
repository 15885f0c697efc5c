import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

export function deleteWatchRecord(id: number): Promise<void> {
  return apiFetch<void>(`/watchtime/${id}`, { method: 'DELETE' });
}

export function useDeleteWatchRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWatchRecord,
    meta: { success: 'Watch time record deleted successfully', error: 'Error deleting watch time record' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.watchTime.all }),
  });
}
