import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { type Course, PAGE_SIZE } from '@valence/contract';
import { useState } from 'react';
import { confirmAction } from '../../../components/confirm-dialog';
import { PagedList } from '../../../components/paged-list';
import { SearchInput } from '../../../components/search-input';
import { usePagedSearch } from '../../../lib/paging';
import { useDeleteCourse } from '../api/delete-course';
import { useCoursesPage } from '../api/get-courses';
import { useSetCoursePaused } from '../api/set-course-paused';
import { CourseCard } from './course-card';

type CourseListProps = {
  /** Superadmins get pause/resume and delete on every card. */
  canManage: boolean;
};

/** The dashboard's searchable, paginated course list. */
export function CourseList({ canManage }: CourseListProps) {
  const list = usePagedSearch(PAGE_SIZE.courses);
  const courses = useCoursesPage(list.request);
  const setPaused = useSetCoursePaused();
  const deleteCourse = useDeleteCourse();
  const [pausingId, setPausingId] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);

  async function togglePaused(course: Course) {
    setPausingId(course.id);
    // The outcome reaches the status line from the mutation's own texts; nothing more to do here.
    await setPaused.mutateAsync({ id: course.id, paused: !course.paused, title: course.title }).catch(() => {});
    setPausingId(null);
  }

  async function handleDelete(course: Course) {
    const confirmed = await confirmAction('Delete', `Are you sure you want to delete ${course.title}?`);
    if (!confirmed) return;
    setDeletingId(course.id);
    await deleteCourse.mutateAsync({ id: course.id, title: course.title }).catch(() => {});
    setDeletingId(null);
  }

  return (
    <Card withBorder padding="lg" component="section">
      <Stack>
        <Title order={3} id="search-courses-heading">
          Search Courses
        </Title>
        <SearchInput label="Search Courses" placeholder="Search by course title..." list={list} />
        <PagedList
          query={courses}
          paging={list}
          loadingLabel="Loading courses"
          errorText="Failed to load courses"
          // The no-match text answers a search; a platform without courses is told so, not that it searched badly.
          emptyText={
            list.searching
              ? 'No courses found matching your search criteria.'
              : 'No courses yet. Create your first course above.'
          }
        >
          {(items) => (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {items.map((course) => (
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
          )}
        </PagedList>
      </Stack>
    </Card>
  );
}
