import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Staff, staffSchema } from '@valence/contract';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';

export function getStaff(): Promise<Staff[]> {
  return apiFetch('/staff', {}, z.array(staffSchema));
}

export const staffQueryOptions = () => queryOptions({ queryKey: keys.staff, queryFn: getStaff });

export function useStaff() {
  return useQuery(staffQueryOptions());
}
