import { Container, SimpleGrid, Stack, Title } from '@mantine/core';
import { StatCard } from '../../components/stat-card';
import { StatusLine } from '../../components/status-line';
import { useStatusMessage } from '../../components/use-status-message';
import { CourseList, CreateCourseForm, useCourses } from '../../features/courses';
import { useStudents } from '../../features/students';
import { isSuperadmin, useSession } from '../../lib/session';

export function DashboardRoute() {
  const session = useSession();
  const students = useStudents();
  const courses = useCourses();
  const [status, showStatus] = useStatusMessage();

  return (
    <Container size="xl">
      <Stack>
        <Title order={2}>Dashboard</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <StatCard label="Total Students" value={students.data ? students.data.length : '--'} />
          <StatCard label="Total Courses" value={courses.data?.length ?? 0} loading={courses.isPending} />
        </SimpleGrid>
        <CreateCourseForm onStatus={showStatus} />
        <StatusLine status={status} />
        <CourseList canManage={isSuperadmin(session)} onStatus={showStatus} />
      </Stack>
    </Container>
  );
}
