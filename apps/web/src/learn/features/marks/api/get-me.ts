import { queryOptions } from '@tanstack/react-query';
import { meSchema } from '@valence/contract';
import { client, read } from '../../../lib/api';
import { learnKeys } from '../../../lib/query-keys';

/** Who is signed in: the marks PDF names the student in its header. */
export const getMe = () => read(client.GET('/me'), meSchema);

export const meQuery = () => queryOptions({ queryKey: learnKeys.me, queryFn: getMe, staleTime: 5 * 60_000 });
