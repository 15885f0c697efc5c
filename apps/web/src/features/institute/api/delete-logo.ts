import { apiFetch } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { forgetInstituteHeading } from '../../../lib/pdf-report';
import { keys } from '../../../lib/query-keys';

export async function deleteLogo(): Promise<void> {
  await apiFetch('/settings/institute/logo', { method: 'DELETE', expectStatus: 204 });
  forgetInstituteHeading();
}

export const useDeleteLogo = changeHook(deleteLogo, {
  meta: { success: 'Logo removed', error: failureWith('Error removing the logo') },
  invalidates: [keys.institute],
});
