import { type InstituteSettings, type InstituteSettingsUpdate, instituteSettingsSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export async function updateInstitute(input: InstituteSettingsUpdate): Promise<InstituteSettings> {
  const saved = await read(client.PUT('/settings/institute', { body: input }), instituteSettingsSchema);
  // The next PDF of this session is headed with the new details.
  return saved;
}

export const useUpdateInstitute = changeHook(updateInstitute, {
  meta: { success: 'Institute details saved', error: failureWith('Error saving the institute details') },
  // The public Contact page shows the same row's details.
  invalidates: [keys.institute, keys.contact],
});
