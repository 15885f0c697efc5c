import { Alert, Anchor, Badge, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { EXAM_TYPE_SHORT, idSchema } from '@valence/contract';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { StatusOutlet } from '../../components/status-outlet';
import { usePlatformTimeZone } from '../../features/settings';
import { failureText, SUBMISSION_TEXTS, SubmissionList, useSubmissionsExam } from '../../features/submissions';

/** Where the exams list of a course is; without a course, the exams page's course filter. */
const examsOf = (courseId?: number) => (courseId ? `/exams?courseId=${courseId}` : '/exams');

const wrap = { overflowWrap: 'anywhere' } as const;

function Page({ courseId, children }: { courseId?: number; children: ReactNode }) {
  return (
    <Container size="xl">
      <Stack>
        <Anchor component={Link} to={examsOf(courseId)} size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            Back to Exams
          </Group>
        </Anchor>
        {children}
      </Stack>
    </Container>
  );
}

/** /exams/:examId/submissions: one exam's submissions, their marks and feedback. */
export function ExamSubmissionsRoute() {
  const examId = idSchema('examId').safeParse(useParams().examId);
  if (!examId.success)
    return (
      <Page>
        <Alert color="red" role="alert">
          {SUBMISSION_TEXTS.examMissing}
        </Alert>
      </Page>
    );
  return <ExamSubmissions key={examId.data} examId={examId.data} />;
}

function ExamSubmissions({ examId }: { examId: number }) {
  const exam = useSubmissionsExam(examId);
  const timeZone = usePlatformTimeZone();

  useEffect(() => {
    if (exam.error) console.error('Failed to load exam', exam.error);
  }, [exam.error]);

  if (exam.isPending)
    return (
      <Page>
        <Loader size="sm" aria-label="Loading exam" />
      </Page>
    );
  if (exam.isError)
    return (
      <Page>
        <Alert color="red" role="alert">
          {/* A refusal names itself ('Exam not found.'); without the exam no list can be shown. */}
          {failureText(exam.error, SUBMISSION_TEXTS.loadFailed)}
        </Alert>
      </Page>
    );

  const { title, courseTitle, courseId, examType, contentDeleted } = exam.data;
  return (
    <Page courseId={courseId}>
      <Stack gap={2}>
        <Title order={2}>Submissions</Title>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} size="lg" style={wrap}>
            {title}
          </Text>
          <Badge variant="outline" color="grape" mt={4} style={{ flexShrink: 0 }}>
            {EXAM_TYPE_SHORT[examType]}
          </Badge>
        </Group>
        <Text c="dimmed" style={wrap}>
          Course: {courseTitle}
        </Text>
      </Stack>
      {contentDeleted && (
        <Alert color="orange" title="Content deleted">
          {SUBMISSION_TEXTS.contentDeleted}
        </Alert>
      )}
      <StatusOutlet />
      <SubmissionList exam={exam.data} timeZone={timeZone} />
    </Page>
  );
}
