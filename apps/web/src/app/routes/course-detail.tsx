import { Alert, Button, Container, Grid, Group, Stack, Text } from '@mantine/core';
import { useDeferredValue } from 'react';
import { Link, useParams } from 'react-router';
import { StatusOutlet } from '../../components/status-outlet';
import { CourseHeader, useCourse } from '../../features/courses';
import { AssignedStudents, AssignStudentsForm } from '../../features/enrollments';
import { CourseReportPacks } from '../../features/reports';
import { ResourceForm, ResourceList } from '../../features/resources';
import { usePlatformTimeZone } from '../../features/settings';
import { CourseCoverage } from '../../features/watch-coverage';
import { useLogFailure } from '../../lib/query';
import { isSuperadmin, useSession } from '../../lib/session';

export function CourseDetailRoute() {
  const courseId = Number(useParams().id);
  const session = useSession();
  const course = useCourse(courseId);
  const timeZone = usePlatformTimeZone();
  // Everything under the header is drawn in a background render that React slices, so the
  // description (the page's largest text) paints without waiting for the forms and lists.
  const panelsCourse = useDeferredValue(course.data);

  // A failure to load the course is only logged: the page's panels still work and show their own states.
  useLogFailure(course.error, 'Failed to load course');

  if (!Number.isInteger(courseId) || courseId <= 0 || course.isError)
    return (
      <Container size="xl">
        <Alert color="gray">This course could not be loaded.</Alert>
      </Container>
    );
  if (course.isPending) return <Text p="md">Loading...</Text>;

  return (
    <Container size="xl">
      <Stack>
        <CourseHeader key={course.data.id} course={course.data} />
        <Group>
          <Button component={Link} to={`/courses/${courseId}/gradebook`} variant="light" size="xs">
            Gradebook
          </Button>
        </Group>
        <StatusOutlet />
        {panelsCourse?.id === course.data.id && (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack>
                <ResourceForm courseId={courseId} />
                <ResourceList
                  courseId={courseId}
                  resources={panelsCourse.resources}
                  canDelete={isSuperadmin(session)}
                  timeZone={timeZone}
                />
                <CourseCoverage courseId={courseId} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack>
                <AssignedStudents courseId={courseId} />
                <AssignStudentsForm courseId={courseId} />
                <CourseReportPacks courseId={courseId} />
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
