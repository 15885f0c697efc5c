import { queryOptions } from '@tanstack/react-query';
import { meSchema, type UpdateMeRequest } from '@valence/contract';
import { client, read } from './api';
import { learnKeys } from './query-keys';

/**
 * Who is signed in, with their own settings (language, Data saver): the signed-in shell reads it to
 * show the app in the language kept on the server, the marks PDF for the student's name. Shared by
 * features, as the course-lectures query is.
 */
export const getMe = () => read(client.GET('/me'), meSchema);

export const meQuery = () => queryOptions({ queryKey: learnKeys.me, queryFn: getMe, staleTime: 5 * 60_000 });

/** `PATCH /me`: the student's own settings, either or both; answers `Me` as it now is. */
export const updateMe = (body: UpdateMeRequest) => read(client.PATCH('/me', { body }), meSchema);
