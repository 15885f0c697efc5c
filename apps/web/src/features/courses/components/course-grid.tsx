import { SimpleGrid } from '@mantine/core';
import { PAGE_SIZE } from '@valence/contract';
import { useState } from 'react';
import { PagedList } from '../../../components/paged-list';
import { useCoursesPage } from '../api/get-courses';
import { CourseCard } from './course-card';

/** The /courses screen: the courses as cards, newest first, a page at a time, no actions. */
export function CourseGrid() {
  const [page, setPage] = useState(1);
  const courses = useCoursesPage({ page, pageSize: PAGE_SIZE.courses });
  return (
    <PagedList
      query={courses}
      paging={{ page, pageSize: PAGE_SIZE.courses, setPage }}
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
