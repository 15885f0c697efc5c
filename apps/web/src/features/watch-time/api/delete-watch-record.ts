import { client, done } from '../../../lib/api-client';
import { changeHook } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export function deleteWatchRecord(id: number): Promise<void> {
  return done(client.DELETE('/api/watchtime/{id}', { params: { path: { id } } }));
}

export const useDeleteWatchRecord = changeHook(deleteWatchRecord, {
  meta: { success: 'Watch time record deleted successfully', error: 'Error deleting watch time record' },
  // The lecture's coverage counted the record's watching.
  invalidates: [keys.watchTime.all, keys.watchCoverage.all],
});
