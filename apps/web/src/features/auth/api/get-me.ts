import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Me, meSchema } from '@valence/contract';
import { apiFetch } from '../../../lib/api-client';

export function getMe(): Promise<Me> {
  return apiFetch('/me', {}, meSchema);
}

export const meQueryOptions = () => queryOptions({ queryKey: ['me'], queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions());
}
