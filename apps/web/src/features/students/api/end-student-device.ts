import { client, done } from '../../../lib/api-client';
import { changeHook, failureWith } from '../../../lib/mutation';
import { keys } from '../../../lib/query-keys';

export type EndStudentDevice = { studentId: number; deviceId: string; browser: string };

/** Signs the student out on that device: its next request is told so. */
export function endStudentDevice({ studentId, deviceId }: EndStudentDevice): Promise<void> {
  return done(client.DELETE('/students/{id}/devices/{deviceId}', { params: { path: { id: studentId, deviceId } } }));
}

export const useEndStudentDevice = changeHook(endStudentDevice, {
  meta: {
    success: ({ browser }: EndStudentDevice) => `Signed out on ${browser}`,
    error: failureWith('Error signing out the device'),
  },
  invalidates: ({ studentId }: EndStudentDevice) => [keys.students.devices(studentId)],
});
