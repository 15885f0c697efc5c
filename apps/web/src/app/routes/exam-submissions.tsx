import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { EXAM_TYPE_SHORT } from '@valence/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ChemText, useDocumentTitle } from '../../components/chem-text';
import { StatusOutlet } from '../../components/status-outlet';
import { ExamOverridesPanel, useExamDetail } from '../../features/exams';
import { MarkedPaperActions } from '../../features/marked-papers';
import { usePlatformTimeZone } from '../../features/settings';
import { NotHandedInList, SUBMISSION_TEXTS, SubmissionList, useSubmissionList } from '../../features/submissions';
import { failureText } from '../../lib/failure-text';
import { useLogFailure } from '../../lib/query';
import { ExamPending, examRoute } from '../exam-page';

const wrap = { overflowWrap: 'anywhere' } as const;

const { Page, Route } = examRoute(
  { size: 'xl', backLabel: 'Back to Exams', missing: SUBMISSION_TEXTS.examMissing },
  ExamSubmissions,
);

/** /exams/:examId/submissions: one exam's submissions, their marks and feedback. */
export const ExamSubmissionsRoute = Route;

function ExamSubmissions({ examId }: { examId: number }) {
  const exam = useExamDetail(examId);
  // Asked for at once with the id from the address, not after the exam has answered.
  const submissions = useSubmissionList(examId);
  const timeZone = usePlatformTimeZone();
  // The scripts handed in, or the students who have not handed in yet (from the exam's sittings).
  const [showing, setShowing] = useState<'handed-in' | 'not-handed-in'>('handed-in');
  useLogFailure(exam.error, 'Failed to load exam');
  useDocumentTitle(exam.data?.title);

  if (exam.isPending || exam.isError)
    return (
      <Page>
        {/* A refusal names itself ('Exam not found.'); without the exam no list can be shown. */}
        <ExamPending failure={exam.isError && failureText(exam.error, SUBMISSION_TEXTS.loadFailed)} />
      </Page>
    );

  const { title, courseTitle, courseId, examType, contentDeleted, submissionCount, unmarkedCount } = exam.data;
  const partTwo = examType === 'TRADITIONAL';
  return (
    <Page courseId={courseId}>
      <Stack gap={2}>
        <Title order={2}>Submissions</Title>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} size="lg" style={wrap}>
            <ChemText text={title} />
          </Text>
          <Badge variant="outline" color="grape" mt={4} style={{ flexShrink: 0 }}>
            {EXAM_TYPE_SHORT[examType]}
          </Badge>
        </Group>
        <Text c="dimmed" style={wrap}>
          <ChemText text={`Course: ${courseTitle}`} />
        </Text>
        {partTwo && (
          <Text size="sm" fw={500}>
            {submissionCount - unmarkedCount} of {submissionCount} marked
          </Text>
        )}
      </Stack>
      {partTwo && !contentDeleted && (
        <Group>
          <Button component={Link} to={`/exams/${exam.data.id}/mark`}>
            Open marking studio
          </Button>
        </Group>
      )}
      {contentDeleted && (
        <Alert color="orange" title="Content deleted">
          {SUBMISSION_TEXTS.contentDeleted}
        </Alert>
      )}
      {examType === 'TRADITIONAL' && <MarkedPaperActions examId={examId} disabled={contentDeleted} />}
      <StatusOutlet />
      <SegmentedControl
        aria-label="Show"
        value={showing}
        onChange={(value) => setShowing(value as typeof showing)}
        data={[
          { value: 'handed-in', label: 'Handed in' },
          { value: 'not-handed-in', label: 'Not handed in' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {showing === 'handed-in' ? (
        <SubmissionList exam={exam.data} timeZone={timeZone} state={submissions} />
      ) : (
        <NotHandedInList examId={examId} timeZone={timeZone} />
      )}
      <ExamOverridesPanel exam={exam.data} timeZone={timeZone} />
    </Page>
  );
}
