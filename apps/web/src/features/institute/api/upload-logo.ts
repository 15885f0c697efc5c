import { type InstituteSettings, instituteSettingsSchema } from '@valence/contract';
import { client, formBody, read } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

/** The server tells a PNG or JPG by its content, whatever the file's name says. */
export async function uploadLogo(file: File): Promise<InstituteSettings> {
  const form = new FormData();
  form.append('logo', file);
  const saved = await read(client.PUT('/settings/institute/logo', { body: formBody(form) }), instituteSettingsSchema);
  return saved;
}

export const useUploadLogo = changeHook(uploadLogo, {
  meta: { success: 'Logo saved', error: failureWith('Error saving the logo') },
  invalidates: [keys.institute],
});
