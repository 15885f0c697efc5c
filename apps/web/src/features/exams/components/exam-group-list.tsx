import { Stack } from '@mantine/core';
import { PagedList } from '../../../components/paged-list';
import type { PageRequest } from '../../../lib/paging';
import { useExamGroupPage } from '../api/get-exam-groups';
import { groupExams } from '../model/group-exams';
import { ExamGroupCard } from './exam-group-card';

type ExamGroupListProps = {
  courseId: number;
  paging: { page: number; pageSize: number; setPage: (page: number) => void; request: PageRequest };
  timeZone: string;
};

/** The chosen course's exams, 6 identifier groups a page, searched on the server. */
export function ExamGroupList({ courseId, paging, timeZone }: ExamGroupListProps) {
  const exams = useExamGroupPage(courseId, paging.request);
  return (
    <PagedList
      query={exams}
      paging={paging}
      loadingLabel="Loading exams"
      errorText="Failed to load exams"
      emptyText="No exams found for the selected course."
    >
      {(items) => (
        <Stack>
          {groupExams(items).map((group) => (
            <ExamGroupCard key={group.identifier} group={group} timeZone={timeZone} />
          ))}
        </Stack>
      )}
    </PagedList>
  );
}
