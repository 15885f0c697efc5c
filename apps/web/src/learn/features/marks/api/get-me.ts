import { queryOptions } from '@tanstack/react-query';
import { type Me, meSchema } from '@valence/contract';
import { api } from '../../../lib/api';

/** Who is signed in: the marks PDF names the student in its header. */
export const getMe = () => api<Me>('/me', {}, meSchema);

export const meQuery = () => queryOptions({ queryKey: ['me'], queryFn: getMe, staleTime: 5 * 60_000 });
