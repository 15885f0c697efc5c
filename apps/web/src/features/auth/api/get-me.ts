import { type Me, meSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

export function getMe(): Promise<Me> {
  return read(client.GET('/me'), meSchema);
}

export const [meQueryOptions, useMe] = apiQuery(() => keys.me, getMe);
