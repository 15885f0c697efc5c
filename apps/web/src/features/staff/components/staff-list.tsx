import { Badge, Button, Card, Group, Title } from '@mantine/core';
import { formatInTimeZone, type Staff } from '@valence/contract';
import { useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { type Column, DataTable } from '../../../components/data-table';
import { QueryView } from '../../../components/query-view';
import { useStaff } from '../api/get-staff';
import { useSetStaffDisabled } from '../api/update-staff';
import { EditStaffDialog } from './edit-staff-dialog';

export function StaffList({ timeZone }: { timeZone: string }) {
  const staff = useStaff();
  const setDisabled = useSetStaffDisabled();
  const [editing, setEditing] = useState<Staff | null>(null);

  async function toggle(member: Staff) {
    const disabled = !member.disabled;
    // Disabling signs them out at once: asked first. Enabling takes nothing away.
    if (
      disabled &&
      !(await confirmDialog({
        title: `Disable ${member.username}?`,
        message: 'They are signed out at once and cannot sign in until the account is enabled again.',
        confirmLabel: 'Disable',
      }))
    )
      return;
    setDisabled.mutate({ id: member.id, username: member.username, disabled });
  }

  const columns: Column<Staff>[] = [
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
    {
      header: 'Status',
      cell: (member) => (
        <Badge color={member.disabled ? 'red' : 'green'} variant="light" miw="max-content">
          {member.disabled ? 'Disabled' : 'Active'}
        </Badge>
      ),
    },
    { header: 'Created', cell: (member) => formatInTimeZone(member.createdAt, timeZone) },
    {
      header: 'Actions',
      cell: (member) => (
        <Group gap={6} wrap="wrap" justify="flex-end">
          <Button size="compact-sm" variant="default" onClick={() => setEditing(member)}>
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color={member.disabled ? 'green' : 'red'}
            loading={setDisabled.isPending && setDisabled.variables?.id === member.id}
            onClick={() => toggle(member)}
          >
            {member.disabled ? 'Enable' : 'Disable'}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Card withBorder padding="lg">
      <Title order={3} mb="sm">
        Staff Accounts
      </Title>
      <QueryView query={staff} loadingLabel="Loading staff" errorText="Failed to load staff">
        {(members) => (
          <DataTable rows={members} columns={columns} rowKey={(member) => member.id} label="Staff Accounts" />
        )}
      </QueryView>
      {editing && <EditStaffDialog member={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
