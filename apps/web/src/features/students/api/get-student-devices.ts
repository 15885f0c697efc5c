import { type StudentDevice, studentDeviceSchema } from '@valence/contract';
import { z } from 'zod';
import { client, read } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

/** The devices a student is signed in on, the most recently seen first (a handful: no paging). */
export function getStudentDevices(studentId: number): Promise<StudentDevice[]> {
  return read(
    client.GET('/students/{id}/devices', { params: { path: { id: studentId } } }),
    z.array(studentDeviceSchema),
  );
}

// The student signs in and out from their phones, not through the portal: read again whenever shown.
export const [studentDevicesQueryOptions, useStudentDevices] = apiQuery(keys.students.devices, getStudentDevices, {
  staleTime: 0,
});
