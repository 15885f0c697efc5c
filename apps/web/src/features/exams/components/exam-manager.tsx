import { Box, Button, Card, Group, Text } from '@mantine/core';
import { type Exam, PAGE_SIZE } from '@valence/contract';
import { useState } from 'react';
import { SearchInput } from '../../../components/search-input';
import { usePagedSearch } from '../../../lib/paging';
import { type CourseOption, CourseSelect, useKnownCourses } from './course-select';
import { CreateExamDialog } from './create-exam-dialog';
import { ExamGroupList } from './exam-group-list';

type ExamManagerProps = {
  /** The course whose exams are shown (the page keeps it in `?courseId=`), or null. */
  courseId: number | null;
  onCourseChange: (courseId: number | null) => void;
  /** The courses the page loaded for the selects; undefined until they have loaded. */
  courses: CourseOption[] | undefined;
  /** Why the courses could not be loaded, if they could not. */
  coursesError?: string;
  /** What is typed in a course select, for the page to ask the server for matching courses. */
  onCourseSearch: (text: string) => void;
  timeZone: string;
};

/** The Manage Exams screen's body: course filter, search, 'Create New Exam' and the exam groups. */
export function ExamManager({
  courseId,
  onCourseChange,
  courses,
  coursesError,
  onCourseSearch,
  timeZone,
}: ExamManagerProps) {
  const list = usePagedSearch(PAGE_SIZE.examGroups);
  const known = useKnownCourses(courses);
  const [creating, setCreating] = useState(false);

  function created(exam: Exam) {
    setCreating(false);
    // The new exam is shown where it is: a course other than the filter's becomes the filter.
    if (exam.courseId !== courseId) onCourseChange(exam.courseId);
  }

  return (
    <>
      <Card withBorder padding="lg" component="section" aria-label="Exam filters">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Box style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <CourseSelect
              label="Course"
              placeholder="Select a course"
              clearable
              courses={known}
              loading={!courses}
              error={coursesError}
              value={courseId === null ? null : String(courseId)}
              onChange={(value) => onCourseChange(value ? Number(value) : null)}
              onSearch={onCourseSearch}
            />
          </Box>
          <Box style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <SearchInput label="Search Exams" placeholder="Search by title or description..." list={list} />
          </Box>
          <Button onClick={() => setCreating(true)} disabled={!courses}>
            Create New Exam
          </Button>
        </Group>
      </Card>
      {courseId === null ? (
        <Text c="dimmed">Please select a course to view exams.</Text>
      ) : (
        <ExamGroupList courseId={courseId} paging={list} timeZone={timeZone} />
      )}
      {creating && (
        <CreateExamDialog
          courses={known}
          courseId={courseId}
          onCourseSearch={onCourseSearch}
          timeZone={timeZone}
          onClose={() => setCreating(false)}
          onCreated={created}
        />
      )}
    </>
  );
}
