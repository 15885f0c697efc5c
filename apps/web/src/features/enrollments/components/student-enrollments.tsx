import { Card, Group, NativeSelect, Switch, Title } from '@mantine/core';
import { ENROLLMENT_STATUSES, type Enrollment, type EnrollmentStatus, formatInTimeZone } from '@valence/contract';
import { useState } from 'react';
import { ChemText } from '../../../components/chem-text';
import { confirmAction } from '../../../components/confirm-dialog';
import { type Column, DataTable, dangerColumn } from '../../../components/data-table';
import { ListView } from '../../../components/query-view';
import { useNarrowScreen } from '../../../lib/screen-width';
import { useDeleteEnrollment } from '../api/delete-enrollment';
import { useStudentEnrollments } from '../api/get-student-enrollments';
import { useUpdateEnrollmentStatus } from '../api/update-enrollment-status';

type StudentEnrollmentsProps = { studentId: number; canRemove: boolean; timeZone: string };

/** A student's enrolments: status selector per course, Remove for superadmins, cards on a phone. */
export function StudentEnrollments({ studentId, canRemove, timeZone }: StudentEnrollmentsProps) {
  const enrollments = useStudentEnrollments(studentId);
  const setStatus = useUpdateEnrollmentStatus();
  const remove = useDeleteEnrollment();
  const phone = useNarrowScreen('36em');
  const [cards, setCards] = useState<boolean | null>(null);

  async function handleRemove(enrollment: Enrollment) {
    const sure = await confirmAction('Remove', `Remove the enrolment in ${enrollment.courseTitle}?`);
    if (sure) remove.mutate(enrollment.id);
  }

  const columns: Column<Enrollment>[] = [
    { header: 'Course ID', cell: (e) => e.courseId },
    { header: 'Course Title', cell: (e) => <ChemText text={e.courseTitle} /> },
    { header: 'Enrollment Date', cell: (e) => formatInTimeZone(e.enrollmentDate, timeZone) },
    {
      header: 'Status',
      cell: (e) => (
        <NativeSelect
          aria-label={`Status in ${e.courseTitle}`}
          size="xs"
          // Wide enough for DISABLED: a squeezed column cut it to "DISAE".
          miw={112}
          data={[...ENROLLMENT_STATUSES]}
          value={e.status}
          disabled={setStatus.isPending && setStatus.variables?.id === e.id}
          onChange={(event) => setStatus.mutate({ id: e.id, status: event.currentTarget.value as EnrollmentStatus })}
        />
      ),
    },
    ...(canRemove ? [dangerColumn('Remove', handleRemove)] : []),
  ];

  return (
    <Card withBorder padding="lg" component="section">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Enrollments</Title>
        <Switch
          label="Card view"
          checked={cards ?? phone}
          onChange={(event) => setCards(event.currentTarget.checked)}
        />
      </Group>
      <ListView
        query={enrollments}
        loadingLabel="Loading enrollments"
        errorText="Error fetching student data"
        emptyText="Not enrolled in any course."
      >
        {(rows) => (
          <DataTable label="Enrollments" rows={rows} columns={columns} rowKey={(e) => e.id} cards={cards ?? phone} />
        )}
      </ListView>
    </Card>
  );
}
