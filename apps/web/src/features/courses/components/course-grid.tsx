import { SimpleGrid } from '@mantine/core';
import { PAGE_SIZE } from '@valence/contract';
import { PagedList } from '../../../components/paged-list';
import { usePageParam } from '../../../lib/paging';
import { useCoursesPage } from '../api/get-courses';
import { CourseCard } from './course-card';

/** The /courses screen: the courses as cards, newest first, a page at a time, no actions. */
export function CourseGrid() {
  const paging = usePageParam(PAGE_SIZE.courses);
  const courses = useCoursesPage({ page: paging.page, pageSize: PAGE_SIZE.courses });
  return (
    <PagedList
      query={courses}
      paging={paging}
      loadingLabel="Loading courses"
      errorText="Failed to load courses"
      emptyText="No courses yet."
    >
      {(items) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {items.map((course) => (
            <CourseCard key={course.id} course={course} />
          ))}
        </SimpleGrid>
      )}
    </PagedList>
  );
}
