import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { PAGE_SIZE, type Student } from '@valence/contract';
import { useState } from 'react';
import { confirmAction, confirmDialog } from '../../../components/confirm-dialog';
import { type Column, DataTable } from '../../../components/data-table';
import { PagedList } from '../../../components/paged-list';
import { SearchInput } from '../../../components/search-input';
import { usePagedSearch } from '../../../lib/paging';
import { needsMarksConfirmation, useDeleteStudent } from '../api/delete-student';
import { useStudentsPage } from '../api/get-students-page';
import { useLogoutStudent } from '../api/logout-student';
import { EditStudentDialog } from './edit-student-dialog';

type StudentListProps = {
  /** Superadmins may delete students. */
  canDelete: boolean;
  selectedId: number | null;
  onSelect: (student: Student) => void;
};

/** Students searched by username or name on the server, 8 a page, each with its actions. */
export function StudentList({ canDelete, selectedId, onSelect }: StudentListProps) {
  const list = usePagedSearch(PAGE_SIZE.students);
  const students = useStudentsPage(list.request);
  const remove = useDeleteStudent();
  const logout = useLogoutStudent();
  const [editing, setEditing] = useState<Student | null>(null);

  async function handleDelete(student: Student) {
    const sure = await confirmAction('Delete', `Are you sure you want to delete ${student.username}?`);
    if (!sure) return;
    try {
      await remove.mutateAsync({ id: student.id, username: student.username });
    } catch (error) {
      // Exam marks would go with the student: the server says how many, and the tutor decides.
      if (!needsMarksConfirmation(error)) return;
      const really = await confirmDialog({
        title: 'Delete marks too?',
        message: error.message,
        confirmLabel: 'Delete',
      });
      if (really)
        await remove.mutateAsync({ id: student.id, username: student.username, confirmMarks: true }).catch(() => {});
    }
  }

  const actions = (student: Student) => (
    <Group gap={6} wrap="wrap" justify="flex-end">
      <Button
        size="compact-sm"
        variant={selectedId === student.id ? 'filled' : 'light'}
        onClick={() => onSelect(student)}
      >
        View
      </Button>
      <Button size="compact-sm" variant="default" onClick={() => setEditing(student)}>
        Edit
      </Button>
      {student.loggedIn && (
        <Button
          size="compact-sm"
          variant="light"
          color="orange"
          loading={logout.isPending && logout.variables === student.username}
          onClick={() => logout.mutate(student.username)}
        >
          Force Logout
        </Button>
      )}
      {canDelete && (
        <Button size="compact-sm" variant="light" color="red" onClick={() => handleDelete(student)}>
          Delete
        </Button>
      )}
    </Group>
  );

  const columns: Column<Student>[] = [
    {
      header: 'Username',
      // The name under the username: a tutor knows the class by name, the username is what signs in.
      cell: (student) => (
        <Stack gap={0}>
          <Text size="sm">{student.username}</Text>
          {student.name && (
            <Text size="xs" c="dimmed">
              {student.name}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      header: 'Status',
      cell: (student) =>
        student.loggedIn ? (
          <Badge color="green" miw="max-content">
            Logged in
          </Badge>
        ) : (
          <Badge color="gray" miw="max-content">
            Logged out
          </Badge>
        ),
    },
    { header: 'Actions', cell: actions },
  ];

  return (
    <Card withBorder padding="lg" component="section">
      <Stack>
        <Title order={3}>Students</Title>
        <SearchInput label="Search Students" placeholder="Search by username or name..." list={list} />
        <PagedList
          query={students}
          paging={list}
          loadingLabel="Loading students"
          errorText="Error fetching student data"
          emptyText={list.searching ? 'No students match this search.' : 'No students yet. Add the first one above.'}
        >
          {(items) => <DataTable label="Students" rows={items} rowKey={(student) => student.id} columns={columns} />}
        </PagedList>
      </Stack>
      {editing && <EditStudentDialog student={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
