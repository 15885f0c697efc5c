import { client, done } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export async function deleteLogo(): Promise<void> {
  await done(client.DELETE('/settings/institute/logo'), 204);
}

export const useDeleteLogo = changeHook(deleteLogo, {
  meta: { success: 'Logo removed', error: failureWith('Error removing the logo') },
  invalidates: [keys.institute],
});
