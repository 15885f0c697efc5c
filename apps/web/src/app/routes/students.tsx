import { Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import type { Student } from '@valence/contract';
import { type Ref, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { StatusOutlet } from '../../components/status-outlet';
import { StudentEnrollments } from '../../features/enrollments';
import { ReportPackButton } from '../../features/reports';
import { ExamScoreSummary } from '../../features/scores';
import { usePlatformTimeZone } from '../../features/settings';
import { AddStudentForm, ImportStudentsButton, StudentDevices, StudentList } from '../../features/students';
import { StudentCoverageButton } from '../../features/watch-coverage';
import { WatchRecords, WatchTotal } from '../../features/watch-time';
import { listParams } from '../../lib/paging';
import { isSuperadmin, useSession } from '../../lib/session';

/** The chosen student's lists keep their params apart from the student list's (`page`, `q`). */
const RECORDS = 'records-';
const SCORES = 'scores-';

type StudentPanelProps = { student: Student; superadmin: boolean; ref: Ref<HTMLDivElement> };

/**
 * The chosen student's enrolments, viewing and exam scores. It reads the platform's time zone itself:
 * read by the page, the settings' answer redrew the form and the whole student list at once.
 */
function StudentPanel({ student, superadmin, ref }: StudentPanelProps) {
  const timeZone = usePlatformTimeZone();
  return (
    <Stack ref={ref} aria-label={`Student ${student.username}`} component="section">
      <Group justify="space-between">
        <Title order={3}>{student.name ? `${student.username} · ${student.name}` : student.username}</Title>
        <StudentCoverageButton studentId={student.id} username={student.username} />
        <ReportPackButton studentId={student.id} username={student.username} />
      </Group>
      <WatchTotal username={student.username} />
      <StudentEnrollments studentId={student.id} canRemove={superadmin} timeZone={timeZone} />
      <StudentDevices studentId={student.id} username={student.username} timeZone={timeZone} />
      <WatchRecords
        username={student.username}
        studentName={student.name}
        canDelete={superadmin}
        timeZone={timeZone}
        paramPrefix={RECORDS}
      />
      <ExamScoreSummary
        studentId={student.id}
        username={student.username}
        studentName={student.name}
        timeZone={timeZone}
        paramPrefix={SCORES}
      />
    </Stack>
  );
}

/** Students: add, search, edit, delete, force logout; the chosen student's enrolments, viewing and exam scores. */
export function StudentsRoute() {
  const session = useSession();
  const superadmin = isSuperadmin(session);
  const [selected, setSelected] = useState<Student | null>(null);
  const [, setParams] = useSearchParams();
  // Another student's records start afresh: first page, no search, the default sort.
  function select(student: Student) {
    setSelected(student);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of [...Object.values(listParams(RECORDS)), listParams(SCORES).page]) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }
  const panel = useRef<HTMLDivElement>(null);
  // Below the lg breakpoint the panel sits under the list: bring it into view when a student is chosen.
  useEffect(() => {
    if (selected && window.innerWidth < 1200) panel.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [selected]);

  return (
    <Container size="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={2}>Students</Title>
          <ImportStudentsButton />
        </Group>
        <AddStudentForm />
        <StatusOutlet />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <StudentList canDelete={superadmin} selectedId={selected?.id ?? null} onSelect={select} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            {selected ? (
              <StudentPanel ref={panel} key={selected.id} student={selected} superadmin={superadmin} />
            ) : (
              // Beside the list only: under it, on a phone, the hint was pushed down a screen's height
              // when the list arrived (the page's one layout shift), and each card's View says as much.
              <Text c="dimmed" visibleFrom="lg">
                Choose View on a student to see their enrolments, watch time and exam scores.
              </Text>
            )}
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
