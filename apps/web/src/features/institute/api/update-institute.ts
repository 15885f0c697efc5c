import { type InstituteSettings, type InstituteSettingsUpdate, instituteSettingsSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { forgetInstituteHeading } from '../../../lib/pdf-report';
import { keys } from '../../../lib/query-keys';

export async function updateInstitute(input: InstituteSettingsUpdate): Promise<InstituteSettings> {
  const saved = await apiFetch('/settings/institute', { method: 'PUT', body: input }, instituteSettingsSchema);
  // The next PDF of this session is headed with the new details.
  forgetInstituteHeading();
  return saved;
}

export const useUpdateInstitute = changeHook(updateInstitute, {
  meta: { success: 'Institute details saved', error: failureWith('Error saving the institute details') },
  // The public Contact page shows the same row's details.
  invalidates: [keys.institute, keys.contact],
});
