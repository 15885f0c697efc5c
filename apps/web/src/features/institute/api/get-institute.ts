import { type InstituteSettings, instituteSettingsSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

export function getInstitute(): Promise<InstituteSettings> {
  return read(client.GET('/settings/institute'), instituteSettingsSchema);
}

export const [instituteQueryOptions, useInstitute] = apiQuery(() => keys.institute, getInstitute);
