import { Text } from '@mantine/core';
import { formatInTimeZone, type StudentDevice } from '@valence/contract';
import { confirmDialog } from '../../../components/confirm-dialog';
import { type Column, DataTable, dangerColumn } from '../../../components/data-table';
import { Panel } from '../../../components/panel';
import { ListView } from '../../../components/query-view';
import { useEndStudentDevice } from '../api/end-student-device';
import { useStudentDevices } from '../api/get-student-devices';

type StudentDevicesProps = { studentId: number; username: string; timeZone: string };

/**
 * The devices a student is signed in on (a sign-in beyond the device limit signs the oldest out), and
 * Sign out for one of them: a shared account shows here as more browsers than the student owns.
 */
export function StudentDevices({ studentId, username, timeZone }: StudentDevicesProps) {
  const devices = useStudentDevices(studentId);
  const end = useEndStudentDevice();

  async function handleEnd(device: StudentDevice) {
    const sure = await confirmDialog({
      title: 'Sign out device',
      message: `Sign ${username} out on ${device.browser}? That device goes back to the sign-in page.`,
      confirmLabel: 'Sign out',
    });
    if (sure) end.mutate({ studentId, deviceId: device.id, browser: device.browser });
  }

  const columns: Column<StudentDevice>[] = [
    { header: 'Browser', cell: (device) => device.browser },
    { header: 'Last seen', cell: (device) => formatInTimeZone(device.lastSeenAt, timeZone) },
    { header: 'Signed in', cell: (device) => formatInTimeZone(device.signedInAt, timeZone) },
    dangerColumn('Sign out', handleEnd),
  ];

  return (
    <Panel title="Devices">
      <ListView
        query={devices}
        loadingLabel="Loading devices"
        errorText="Could not load the student's devices"
        emptyText="Not signed in on any device."
      >
        {(rows) => (
          <>
            <DataTable label="Devices" rows={rows} columns={columns} rowKey={(device) => device.id} />
            <Text size="xs" c="dimmed">
              Last seen is updated every few minutes while the device is in use.
            </Text>
          </>
        )}
      </ListView>
    </Panel>
  );
}
