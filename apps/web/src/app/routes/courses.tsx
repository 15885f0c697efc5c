import { Container, Stack, Title } from '@mantine/core';
import { CourseGrid } from '../../features/courses';

export function CoursesRoute() {
  return (
    <Container size="xl">
      <Stack>
        <Title order={2}>Courses</Title>
        <CourseGrid />
      </Stack>
    </Container>
  );
}
