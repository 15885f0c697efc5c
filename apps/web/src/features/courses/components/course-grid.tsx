import { Alert, Loader, SimpleGrid, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useCourses } from '../api/get-courses';
import { CourseCard } from './course-card';

/** The /courses screen: every course as a card, newest first, no actions. */
export function CourseGrid() {
  const courses = useCourses();
  if (courses.isPending) return <Loader size="sm" aria-label="Loading courses" />;
  if (courses.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(courses.error, 'Failed to load courses')}
      </Alert>
    );
  if (courses.data.length === 0) return <Text c="dimmed">No courses yet.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {courses.data.map((course) => (
        <CourseCard key={course.id} course={course} />
      ))}
    </SimpleGrid>
  );
}
