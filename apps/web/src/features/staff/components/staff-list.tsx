import { Alert, Badge, Card, Loader, Table, Title } from '@mantine/core';
import { formatInTimeZone } from '@valence/contract';
import { errorMessage } from '../../../lib/api-client';
import { useStaff } from '../api/get-staff';

export function StaffList({ timeZone }: { timeZone: string }) {
  const staff = useStaff();
  return (
    <Card withBorder padding="lg">
      <Title order={3} mb="sm">
        Staff Accounts
      </Title>
      {staff.isPending && <Loader size="sm" />}
      {staff.isError && <Alert color="red">{errorMessage(staff.error, 'Failed to load staff')}</Alert>}
      {staff.data && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Username</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Created</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {staff.data.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>{member.username}</Table.Td>
                <Table.Td>
                  {/* A narrow table squeezes a badge to "S…" unless it claims its own width. */}
                  <Badge color={member.role === 'ROLE_SUPERADMIN' ? 'grape' : 'blue'} miw="max-content">
                    {member.role === 'ROLE_SUPERADMIN' ? 'Superadmin' : 'Admin'}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatInTimeZone(member.createdAt, timeZone)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
