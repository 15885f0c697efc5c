import { Container, SimpleGrid, Stack, Title } from '@mantine/core';
import { StatCard } from '../../components/stat-card';
import { StatusOutlet } from '../../components/status-outlet';
import { CourseList, CreateCourseForm, useCourseCount } from '../../features/courses';
import { useStudentCount } from '../../features/students';
import { isSuperadmin, useSession } from '../../lib/session';

export function DashboardRoute() {
  const session = useSession();
  const students = useStudentCount();
  const courses = useCourseCount();

  return (
    <Container size="xl">
      <Stack>
        <Title order={2}>Dashboard</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <StatCard label="Total Students" value={students.data ?? '--'} />
          <StatCard label="Total Courses" value={courses.data ?? 0} loading={courses.isPending} />
        </SimpleGrid>
        <CreateCourseForm />
        <StatusOutlet />
        <CourseList canManage={isSuperadmin(session)} />
      </Stack>
    </Container>
  );
}
