import { type DeviceLimit, type DeviceLimitUpdate, deviceLimitSchema } from '@valence/contract';
import { client, read } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

/** A number of devices, or null for the server's default (MAX_DEVICES_PER_STUDENT). */
export function updateDeviceLimit(input: DeviceLimitUpdate): Promise<DeviceLimit> {
  return read(client.PUT('/settings/devices', { body: input }), deviceLimitSchema);
}

export const useUpdateDeviceLimit = changeHook(updateDeviceLimit, {
  meta: { success: 'Device limit saved', error: failureWith('Error saving the device limit') },
  invalidates: [keys.deviceLimit],
});
