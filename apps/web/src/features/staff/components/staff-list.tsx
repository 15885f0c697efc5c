import { Badge, Card, Title } from '@mantine/core';
import { formatInTimeZone, type Staff } from '@valence/contract';
import { type Column, DataTable } from '../../../components/data-table';
import { QueryView } from '../../../components/query-view';
import { useStaff } from '../api/get-staff';

const columns = (timeZone: string): Column<Staff>[] => [
  { header: 'Username', cell: (member) => member.username },
  {
    header: 'Role',
    // A narrow table squeezes a badge to "S…" unless it claims its own width.
    cell: (member) => (
      <Badge color={member.role === 'ROLE_SUPERADMIN' ? 'grape' : 'blue'} miw="max-content">
        {member.role === 'ROLE_SUPERADMIN' ? 'Superadmin' : 'Admin'}
      </Badge>
    ),
  },
  { header: 'Created', cell: (member) => formatInTimeZone(member.createdAt, timeZone) },
];

export function StaffList({ timeZone }: { timeZone: string }) {
  const staff = useStaff();
  return (
    <Card withBorder padding="lg">
      <Title order={3} mb="sm">
        Staff Accounts
      </Title>
      <QueryView query={staff} loadingLabel="Loading staff" errorText="Failed to load staff">
        {(members) => (
          <DataTable rows={members} columns={columns(timeZone)} rowKey={(member) => member.id} label="Staff Accounts" />
        )}
      </QueryView>
    </Card>
  );
}
