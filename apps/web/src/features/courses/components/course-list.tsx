import { Alert, Card, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type Course, PAGE_SIZE, STATUS_MESSAGE_CLEAR_MS } from '@valence/contract';
import { useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { Pagination, totalPagesOf } from '../../../components/pagination';
import { failure, type ShowStatus, success } from '../../../components/status';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDeleteCourse } from '../api/delete-course';
import { useCourses } from '../api/get-courses';
import { useSetCoursePaused } from '../api/set-course-paused';
import { CourseCard } from './course-card';

export function filterCourses(courses: Course[], search: string): Course[] {
  const needle = search.trim().toLowerCase();
  return needle ? courses.filter((course) => course.title.toLowerCase().includes(needle)) : courses;
}

type CourseListProps = {
  /** Superadmins get pause/resume and delete on every card. */
  canManage: boolean;
  onStatus: ShowStatus;
};

/** The dashboard's searchable, paginated course list. */
export function CourseList({ canManage, onStatus }: CourseListProps) {
  const courses = useCourses();
  const setPaused = useSetCoursePaused();
  const deleteCourse = useDeleteCourse();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pausingId, setPausingId] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);

  const filtered = filterCourses(courses.data ?? [], search);
  const currentPage = Math.min(page, totalPagesOf(filtered.length, PAGE_SIZE.courses));
  const visible = filtered.slice((currentPage - 1) * PAGE_SIZE.courses, currentPage * PAGE_SIZE.courses);
  // The spec's text answers a search; a platform without courses is told so, not that it searched badly.
  const emptyText =
    !courses.isSuccess || filtered.length > 0
      ? null
      : courses.data.length === 0 && !search.trim()
        ? 'No courses yet. Create your first course above.'
        : 'No courses found matching your search criteria.';

  async function togglePaused(course: Course) {
    const pause = !course.paused;
    setPausingId(course.id);
    onStatus(null);
    try {
      await setPaused.mutateAsync({ id: course.id, paused: pause });
      onStatus(
        success(`Course "${course.title}" ${pause ? 'paused' : 'resumed'} successfully`),
        STATUS_MESSAGE_CLEAR_MS,
      );
    } catch {
      onStatus(failure('Error updating course status'), STATUS_MESSAGE_CLEAR_MS);
    } finally {
      setPausingId(null);
    }
  }

  async function handleDelete(course: Course) {
    const confirmed = await confirmDialog({
      title: 'Confirm Delete',
      message: `Are you sure you want to delete ${course.title}?`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    setDeletingId(course.id);
    onStatus(null);
    try {
      await deleteCourse.mutateAsync(course.id);
      onStatus(success(`Course "${course.title}" deleted successfully`));
    } catch (error) {
      // A 409 explains why (exams with submissions); anything else gets the spec's text.
      onStatus(failure(error instanceof ApiError && error.status === 409 ? error.message : 'Error deleting course'));
    } finally {
      setDeletingId(null);
    }
  }

  return (
    <Card withBorder padding="lg" component="section">
      <Stack>
        <Title order={3} id="search-courses-heading">
          Search Courses
        </Title>
        <TextInput
          aria-label="Search Courses"
          placeholder="Search by course title..."
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        {courses.isPending && <Loader size="sm" aria-label="Loading courses" />}
        {courses.isError && (
          <Alert color="red" role="alert">
            {errorMessage(courses.error, 'Failed to load courses')}
          </Alert>
        )}
        {emptyText && <Text c="dimmed">{emptyText}</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {visible.map((course) => (
            <CourseCard
              key={course.id}
              course={course}
              actions={
                canManage
                  ? {
                      onTogglePaused: togglePaused,
                      onDelete: handleDelete,
                      pausePending: pausingId === course.id,
                      deletePending: deletingId === course.id,
                    }
                  : undefined
              }
            />
          ))}
        </SimpleGrid>
        <Pagination page={currentPage} totalItems={filtered.length} pageSize={PAGE_SIZE.courses} onChange={setPage} />
      </Stack>
    </Card>
  );
}
