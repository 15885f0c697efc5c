import { Alert, Stack, Text } from '@mantine/core';
import { type ExamType, PAGE_SIZE, type Submission } from '@valence/contract';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { PagedList } from '../../../components/paged-list';
import { SearchInput } from '../../../components/search-input';
import { failureText } from '../../../lib/failure-text';
import { usePagedSearch } from '../../../lib/paging';
import { useSubmissionsPage } from '../api/get-submissions';
import { SUBMISSION_TEXTS } from '../messages';
import { AnswersDialog } from './answers-dialog';
import { GradeDialog } from './grade-dialog';
import { submissionColumns } from './submission-columns';

type SubmissionListProps = {
  exam: { id: number; examType: ExamType; contentDeleted: boolean };
  /** The platform time zone every date is shown in (the page reads it from the settings). */
  timeZone: string;
  /** The list's search, page and current page from `useSubmissionList`. */
  state: SubmissionListState;
};

type SubmissionListState = ReturnType<typeof useSubmissionList>;

/**
 * The search and page of an exam's submissions and the page they ask for. A hook of its own so the
 * page can ask with the exam id from the address while the exam itself is still loading.
 */
export function useSubmissionList(examId: number) {
  const list = usePagedSearch(PAGE_SIZE.submissions);
  const submissions = useSubmissionsPage(examId, list.request);
  return { list, submissions };
}

/**
 * An exam's submissions, 6 a page, searched on the server by student name or ID, with the grade
 * and answers dialogs they open.
 */
export function SubmissionList({ exam, timeZone, state }: SubmissionListProps) {
  const { list, submissions } = state;
  const [grading, setGrading] = useState<Submission | null>(null);
  const [viewing, setViewing] = useState<Submission | null>(null);
  const columns = submissionColumns({
    examType: exam.examType,
    timeZone,
    gradingDisabled: exam.contentDeleted,
    onGrade: setGrading,
    onViewAnswers: setViewing,
  });

  return (
    <Stack>
      <SearchInput label="Search submissions" placeholder="Search by student name or ID..." list={list} />
      {submissions.data?.totalCapped && (
        <Text size="sm" c="dimmed">
          {SUBMISSION_TEXTS.manyMatch(submissions.data.total)}
        </Text>
      )}
      {submissions.isError ? (
        // Drawn here rather than by PagedList: a 5xx's own words are replaced by the screen's fixed sentence.
        <Alert color="red" role="alert">
          {failureText(submissions.error, SUBMISSION_TEXTS.loadFailed)}
        </Alert>
      ) : (
        <PagedList
          query={submissions}
          paging={list}
          loadingLabel="Loading submissions"
          errorText={SUBMISSION_TEXTS.loadFailed}
          emptyText={list.searching ? SUBMISSION_TEXTS.noMatch : SUBMISSION_TEXTS.empty}
        >
          {(items) => <DataTable rows={items} columns={columns} rowKey={(row) => row.id} label="Submissions" />}
        </PagedList>
      )}
      {grading && <GradeDialog exam={exam} submission={grading} onClose={() => setGrading(null)} />}
      {viewing && <AnswersDialog submission={viewing} onClose={() => setViewing(null)} />}
    </Stack>
  );
}
