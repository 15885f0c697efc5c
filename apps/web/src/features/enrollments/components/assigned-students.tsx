import { Badge, Card, Group, List, Text, Title } from '@mantine/core';
import { PagedList } from '../../../components/paged-list';
import { usePageParam } from '../../../lib/paging';
import { useLogFailure } from '../../../lib/query';
import { useCourseEnrollmentsPage } from '../api/get-course-enrollments';

/** Enough names to scan at a glance beside the resources; a class of thousands pages through. */
const ASSIGNED_PAGE_SIZE = 10;

/** The 'Assigned Students' panel: who is enrolled in the course, a page at a time, and how many. */
export function AssignedStudents({ courseId }: { courseId: number }) {
  const paging = usePageParam(ASSIGNED_PAGE_SIZE);
  const enrollments = useCourseEnrollmentsPage(courseId, { page: paging.page, pageSize: ASSIGNED_PAGE_SIZE });

  // A failure to load assigned students is only logged: the panel stays usable for assigning.
  useLogFailure(enrollments.error, 'Failed to load assigned students');

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="assigned-students-heading">
      <Group justify="space-between" mb="sm">
        <Title order={3} id="assigned-students-heading">
          Assigned Students
        </Title>
        {/* Only a count the server gave: "Total: 0" while the list loads, or after it failed, would say
            the course has no students. */}
        {enrollments.data ? (
          <Text fw={600} c="teal">
            Total: {enrollments.data.total}
          </Text>
        ) : null}
      </Group>
      {enrollments.isError ? null : (
        <PagedList
          query={enrollments}
          paging={paging}
          loadingLabel="Loading assigned students"
          errorText="Failed to load assigned students"
          emptyText="No students assigned yet."
        >
          {(items) => (
            <List spacing={4}>
              {items.map((enrollment) => (
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
        </PagedList>
      )}
    </Card>
  );
}
