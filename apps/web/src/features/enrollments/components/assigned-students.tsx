import { Badge, Card, Group, List, Loader, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useCourseEnrollments } from '../api/get-course-enrollments';

/** The 'Assigned Students' panel: who is enrolled in the course and how many. */
export function AssignedStudents({ courseId }: { courseId: number }) {
  const enrollments = useCourseEnrollments(courseId);

  // Spec section 8: a failure to load assigned students is only logged.
  useEffect(() => {
    if (enrollments.error) console.error('Failed to load assigned students', enrollments.error);
  }, [enrollments.error]);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="assigned-students-heading">
      <Group justify="space-between" mb="sm">
        <Title order={3} id="assigned-students-heading">
          Assigned Students
        </Title>
        <Text fw={600} c="teal">
          Total: {enrollments.data?.length ?? 0}
        </Text>
      </Group>
      {enrollments.isPending && <Loader size="sm" aria-label="Loading assigned students" />}
      {enrollments.data?.length === 0 && <Text c="dimmed">No students assigned yet.</Text>}
      {enrollments.data && enrollments.data.length > 0 && (
        <List spacing={4}>
          {enrollments.data.map((enrollment) => (
            <List.Item key={enrollment.id}>
              <Group gap="xs">
                <Text>{enrollment.studentUsername}</Text>
                {enrollment.status === 'DISABLED' && (
                  <Badge size="xs" color="gray">
                    Disabled
                  </Badge>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}
