import { z } from 'zod';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** All the seconds the student has watched. */
export function getWatchTotal(username: string): Promise<number> {
  return read(client.GET('/api/watchtime/total/{username}', { params: { path: { username } } }), z.number());
}

export const [watchTotalQueryOptions, useWatchTotal] = apiQuery(keys.watchTime.total, getWatchTotal);
