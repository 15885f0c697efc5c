import { Button, Container, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LIMIT } from '@valence/contract';
import { memo, useCallback, useDeferredValue, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { StatusOutlet } from '../../components/status-outlet';
import { courseQueryOptions, useCoursesPage } from '../../features/courses';
import { ExamManager } from '../../features/exams';
import { usePlatformTimeZone } from '../../features/settings';
import { errorMessage } from '../../lib/api-client';
import { listParams, useLocalSearch } from '../../lib/paging';

/** `?courseId=` as an id, or null when absent or not one. */
function courseIdOf(text: string | null): number | null {
  return text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/*
 * The settings' and the courses' answers arrive in urgent renders (TanStack Query reports through
 * useSyncExternalStore), which React does in one go. The page passes deferred copies to a memoized
 * manager instead, so the urgent render stops at the page and the manager is redrawn in a background
 * render React splits into slices.
 */
const ExamManagerView = memo(ExamManager);

/** Manage Exams: a course's exams grouped by identifier; the chosen course lives in the address. */
export function ExamsRoute() {
  const [params, setParams] = useSearchParams();
  const courseId = courseIdOf(params.get('courseId'));
  const timeZone = useDeferredValue(usePlatformTimeZone());
  // The exams' due dates show once a course is chosen.
  // The course selects offer the newest courses, up to a page's limit, matching what is typed there.
  const courseSearch = useLocalSearch(MAX_PAGE_LIMIT);
  const courses = useCoursesPage(courseSearch.request);
  // A course chosen from an old link or a search may be older than the newest page: it is read
  // on its own so its select names it, rather than showing a bare id.
  const listed = courses.data?.items;
  const unlisted = courseId !== null && listed !== undefined && !listed.some((course) => course.id === courseId);
  const chosen = useQuery({ ...courseQueryOptions(courseId ?? 0), enabled: unlisted });
  const chosenCourse = unlisted ? chosen.data : undefined;
  const offered = useDeferredValue(
    useMemo(
      () => (listed && chosenCourse ? [...listed, { id: chosenCourse.id, title: chosenCourse.title }] : listed),
      [listed, chosenCourse],
    ),
  );
  const coursesError = useDeferredValue(
    courses.isError ? errorMessage(courses.error, 'Failed to load courses') : undefined,
  );

  const chooseCourse = useCallback(
    (next: number | null) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === null) updated.delete('courseId');
        else updated.set('courseId', String(next));
        // Another course's exams start at their first page.
        updated.delete(listParams().page);
        return updated;
      }),
    [setParams],
  );

  return (
    <Container size="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={2}>Manage Exams</Title>
          {courseId !== null && (
            <Button component={Link} to={`/courses/${courseId}/gradebook`} variant="light" size="xs">
              Gradebook
            </Button>
          )}
        </Group>
        <StatusOutlet />
        <ExamManagerView
          courseId={courseId}
          onCourseChange={chooseCourse}
          courses={offered}
          coursesError={coursesError}
          onCourseSearch={courseSearch.setSearch}
          timeZone={timeZone}
        />
      </Stack>
    </Container>
  );
}
