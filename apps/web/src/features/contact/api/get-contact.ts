import { type InstituteContact, instituteContactSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** The institute's contact details (public: the Contact page is open to everyone). */
export function getContact(): Promise<InstituteContact> {
  return read(client.GET('/settings/contact'), instituteContactSchema);
}

// Read without a session too, unlike every other query: the Contact page is public.
export const [contactQueryOptions, useContact] = apiQuery(() => keys.contact, getContact, { enabled: true });
