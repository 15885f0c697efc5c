import { Alert, Anchor, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { EXAM_MESSAGES, idSchema } from '@valence/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type CarriedFailure, StatusOutlet } from '../../components/status-outlet';
import {
  BulkQuestionForm,
  QUESTION_TEXTS,
  QuestionDialog,
  QuestionList,
  useExamDetail,
} from '../../features/questions';
import { ApiError } from '../../lib/api-client';

/** Where the exams list of a course is; without a course, the exams page's course filter. */
const examsOf = (courseId?: number) => (courseId ? `/exams?courseId=${courseId}` : '/exams');

function Page({ courseId, children }: { courseId?: number; children: ReactNode }) {
  return (
    <Container size="lg">
      <Stack>
        <Anchor component={Link} to={examsOf(courseId)} size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            Back to exams
          </Group>
        </Anchor>
        {children}
      </Stack>
    </Container>
  );
}

/** /exams/:examId/manage-questions: the questions of one MCQ exam, one at a time or many at once. */
export function ManageQuestionsRoute() {
  const examId = idSchema('examId').safeParse(useParams().examId);
  if (!examId.success)
    return (
      <Page>
        <Alert color="red" role="alert">
          {QUESTION_TEXTS.notFound}
        </Alert>
      </Page>
    );
  return <ManageQuestions key={examId.data} examId={examId.data} />;
}

function ManageQuestions({ examId }: { examId: number }) {
  const exam = useExamDetail(examId);
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const notMcq = exam.data !== undefined && exam.data.examType !== 'MCQ';

  // Spec: a PART II exam has no questions to manage. The status line of /exams clears itself when
  // its page mounts, so the reason travels in the navigation's state for that page to show.
  useEffect(() => {
    if (notMcq && exam.data)
      void navigate(examsOf(exam.data.courseId), {
        replace: true,
        state: { failure: EXAM_MESSAGES.notMcq } satisfies CarriedFailure,
      });
  }, [notMcq, exam.data, navigate]);

  useEffect(() => {
    if (exam.error) console.error('Failed to load exam', exam.error);
  }, [exam.error]);

  if (exam.isPending || notMcq)
    return (
      <Page>
        <Loader size="sm" aria-label="Loading exam" />
      </Page>
    );
  if (exam.isError) {
    const missing = exam.error instanceof ApiError && exam.error.status === 404;
    return (
      <Page>
        <Alert color="red" role="alert">
          {missing ? QUESTION_TEXTS.notFound : QUESTION_TEXTS.loadFailed}
        </Alert>
      </Page>
    );
  }

  const { title, courseTitle, courseId, contentDeleted } = exam.data;
  return (
    <Page courseId={courseId}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2}>Manage MCQ Questions</Title>
          <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Course: {courseTitle}
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setAdding(true)}
          disabled={contentDeleted}
        >
          Add Question
        </Button>
      </Group>
      {contentDeleted && (
        <Alert color="orange" title="Content deleted">
          {EXAM_MESSAGES.contentDeleted} Its questions can no longer be added, edited or deleted.
        </Alert>
      )}
      <StatusOutlet />
      <QuestionList examId={examId} readOnly={contentDeleted} />
      {!contentDeleted && <BulkQuestionForm examId={examId} />}
      {adding && <QuestionDialog examId={examId} question={null} onClose={() => setAdding(false)} />}
    </Page>
  );
}
