import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EXAM_MESSAGES } from '@valence/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ChemText, useDocumentTitle } from '../../components/chem-text';
import { type CarriedFailure, StatusOutlet } from '../../components/status-outlet';
import { useExamDetail } from '../../features/exams';
import {
  ItemAnalysisSummary,
  ItemBadges,
  type ItemOrder,
  itemAnalysisQueryOptions,
  itemComparator,
  statisticsById,
} from '../../features/item-analysis';
import {
  BulkQuestionForm,
  CopyQuestionsDialog,
  ExportQuestionsMenu,
  ImportQuestionsDialog,
  QUESTION_TEXTS,
  QuestionDialog,
  QuestionList,
} from '../../features/questions';
import { ApiError } from '../../lib/api-client';
import { useLogFailure } from '../../lib/query';
import { ExamPending, examRoute, examsOf } from '../exam-page';

const { Page, Route } = examRoute(
  { size: 'lg', backLabel: 'Back to exams', missing: QUESTION_TEXTS.notFound },
  ManageQuestions,
);

/** /exams/:examId/manage-questions: the questions of one MCQ exam, one at a time or many at once. */
export const ManageQuestionsRoute = Route;

function ManageQuestions({ examId }: { examId: number }) {
  const exam = useExamDetail(examId);
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [copying, setCopying] = useState(false);
  const [order, setOrder] = useState<ItemOrder>('paper');
  const notMcq = exam.data !== undefined && exam.data.examType !== 'MCQ';
  // Asked once the exam is known to be MCQ: a PART II exam has no items (the server answers 400).
  const analysis = useQuery({ ...itemAnalysisQueryOptions(examId), enabled: exam.data?.examType === 'MCQ' });
  const byQuestion = useMemo(() => statisticsById(analysis.data), [analysis.data]);
  const compare = useMemo(() => itemComparator(order, analysis.data), [order, analysis.data]);
  const aside = useCallback(
    (question: { id: number }) => <ItemBadges item={byQuestion.get(question.id)} sitters={analysis.data?.sitters} />,
    [byQuestion, analysis.data?.sitters],
  );

  // A PART II exam has no questions to manage. The status line of /exams clears itself when
  // its page mounts, so the reason travels in the navigation's state for that page to show.
  useEffect(() => {
    if (notMcq && exam.data)
      void navigate(examsOf(exam.data.courseId), {
        replace: true,
        state: { failure: EXAM_MESSAGES.notMcq } satisfies CarriedFailure,
      });
  }, [notMcq, exam.data, navigate]);

  useLogFailure(exam.error, 'Failed to load exam');
  useDocumentTitle(exam.data?.title);

  if (exam.isPending || notMcq)
    return (
      <Page>
        <ExamPending />
      </Page>
    );
  if (exam.isError) {
    const missing = exam.error instanceof ApiError && exam.error.status === 404;
    return (
      <Page>
        <ExamPending failure={missing ? QUESTION_TEXTS.notFound : QUESTION_TEXTS.loadFailed} />
      </Page>
    );
  }

  const { title, courseTitle, courseId, contentDeleted } = exam.data;
  return (
    <Page courseId={courseId}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Title order={2}>Manage MCQ Questions</Title>
        <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
          <ChemText text={title} />
        </Text>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <ChemText text={`Course: ${courseTitle}`} />
        </Text>
      </Stack>
      {/* Several actions: on a phone they wrap onto more lines instead of widening the page. */}
      <Group gap="xs" wrap="wrap">
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setAdding(true)}
          disabled={contentDeleted}
        >
          Add Question
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileImport size={16} aria-hidden />}
          onClick={() => setImporting(true)}
          disabled={contentDeleted}
        >
          Import questions
        </Button>
        <Button
          variant="light"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={() => setCopying(true)}
          disabled={contentDeleted}
        >
          Copy from another paper
        </Button>
        <ExportQuestionsMenu examId={examId} />
      </Group>
      {contentDeleted && (
        <Alert color="orange" title="Content deleted">
          {EXAM_MESSAGES.contentDeleted} Its questions can no longer be added, edited or deleted.
        </Alert>
      )}
      <StatusOutlet />
      {!contentDeleted && <ItemAnalysisSummary query={analysis} order={order} onOrderChange={setOrder} />}
      <QuestionList examId={examId} readOnly={contentDeleted} aside={aside} compare={compare} />
      {!contentDeleted && <BulkQuestionForm examId={examId} />}
      {adding && <QuestionDialog examId={examId} question={null} onClose={() => setAdding(false)} />}
      <ImportQuestionsDialog examId={examId} opened={importing} onClose={() => setImporting(false)} />
      <CopyQuestionsDialog examId={examId} opened={copying} onClose={() => setCopying(false)} />
    </Page>
  );
}
