import { Container, SimpleGrid, Stack, Title } from '@mantine/core';
import { StatCard } from '../../components/stat-card';
import { StatusOutlet } from '../../components/status-outlet';
import { CourseList, CreateCourseForm, useCourseCount } from '../../features/courses';
import { useStudentCount } from '../../features/students';
import { isSuperadmin, useSession } from '../../lib/session';

/*
 * Each counter reads its own count: an answer then redraws its card alone. Read by the page, each
 * answer redrew the whole dashboard (the form, the course list) in one task a phone felt.
 */
function StudentCount() {
  const students = useStudentCount();
  return <StatCard label="Total Students" value={students.data ?? '--'} />;
}

function CourseCount() {
  const courses = useCourseCount();
  return <StatCard label="Total Courses" value={courses.data ?? 0} loading={courses.isPending} />;
}

export function DashboardRoute() {
  const session = useSession();

  return (
    <Container size="xl">
      <Stack>
        <Title order={2}>Dashboard</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <StudentCount />
          <CourseCount />
        </SimpleGrid>
        <CreateCourseForm />
        <StatusOutlet />
        <CourseList canManage={isSuperadmin(session)} />
      </Stack>
    </Container>
  );
}
