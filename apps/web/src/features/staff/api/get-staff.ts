import { type Staff, staffSchema } from '@valence/contract';
import { z } from 'zod';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

export function getStaff(): Promise<Staff[]> {
  return read(client.GET('/staff'), z.array(staffSchema));
}

export const [staffQueryOptions, useStaff] = apiQuery(() => keys.staff, getStaff);
