import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Me, meSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

export function getMe(): Promise<Me> {
  return apiFetch('/me', {}, meSchema);
}

export const meQueryOptions = () => queryOptions({ queryKey: keys.me, queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions());
}
