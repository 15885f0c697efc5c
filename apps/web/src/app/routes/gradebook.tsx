import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ChemText, useDocumentTitle } from '../../components/chem-text';
import { StatusOutlet } from '../../components/status-outlet';
import { useCourse } from '../../features/courses';
import { GradebookFiguresPanel, GradebookPanel } from '../../features/gradebook';

/** A course's gradebook: the whole class's marks by exam identifier, its figures and exports. */
export function GradebookRoute() {
  const courseId = Number(useParams().id);
  const course = useCourse(courseId);
  useDocumentTitle(course.data && `Gradebook: ${course.data.title}`);
  if (!Number.isInteger(courseId) || courseId <= 0) return <Text p="md">This course could not be loaded.</Text>;
  return (
    <Container size="xl">
      <Stack>
        <Anchor component={Link} to={`/courses/${courseId}`} size="sm">
          Back to the course
        </Anchor>
        <Title order={2}>
          <ChemText text={course.data ? `Gradebook: ${course.data.title}` : 'Gradebook'} />
        </Title>
        <StatusOutlet />
        <GradebookPanel courseId={courseId} />
        <GradebookFiguresPanel courseId={courseId} />
      </Stack>
    </Container>
  );
}
