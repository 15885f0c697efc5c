import { type DeviceLimit, deviceLimitSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** How many devices a student may be signed in on at once, and the server's default. */
export function getDeviceLimit(): Promise<DeviceLimit> {
  return read(client.GET('/settings/devices'), deviceLimitSchema);
}

export const [deviceLimitQueryOptions, useDeviceLimit] = apiQuery(() => keys.deviceLimit, getDeviceLimit);
