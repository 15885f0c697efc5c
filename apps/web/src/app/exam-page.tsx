import { Alert, Anchor, Container, Group, Loader, type MantineSize, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { idSchema } from '@valence/contract';
import type { ComponentType, ReactNode } from 'react';
import { Link, useParams } from 'react-router';

/** Where the exams list of a course is; without a course, the exams page's course filter. */
export const examsOf = (courseId?: number) => (courseId ? `/exams?courseId=${courseId}` : '/exams');

type ExamPageProps = { courseId?: number; children: ReactNode };

type ExamFrameProps = ExamPageProps & { size: MantineSize; backLabel: string };

/**
 * The frame of a page about one exam (its questions, its submissions): the way back to the course's
 * exams above everything else. Each screen keeps its own width and its own wording of the link.
 */
function ExamFrame({ size, backLabel, courseId, children }: ExamFrameProps) {
  return (
    <Container size={size}>
      <Stack>
        <Anchor component={Link} to={examsOf(courseId)} size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {backLabel}
          </Group>
        </Anchor>
        {children}
      </Stack>
    </Container>
  );
}

type ExamRouteOptions = Pick<ExamFrameProps, 'size' | 'backLabel'> & {
  /** Said in red when the address holds no exam id. */
  missing: string;
};

/**
 * The route of a page about the exam in the address (`/exams/:examId/...`): `Route` draws `Screen`
 * for that exam, keyed by it so another exam starts afresh, or `missing` when the address holds no
 * id; `Page` is the frame `Screen` draws each of its own states in.
 */
export function examRoute({ missing, ...frame }: ExamRouteOptions, Screen: ComponentType<{ examId: number }>) {
  const Page = (props: ExamPageProps) => <ExamFrame {...frame} {...props} />;
  function Route() {
    const examId = idSchema('examId').safeParse(useParams().examId);
    if (examId.success) return <Screen key={examId.data} examId={examId.data} />;
    return (
      <Page>
        <ExamPending failure={missing} />
      </Page>
    );
  }
  return { Page, Route };
}

/** What an exam page shows before it has the exam: why it cannot (red), or that it is loading. */
export function ExamPending({ failure }: { failure?: ReactNode }) {
  return failure ? (
    <Alert color="red" role="alert">
      {failure}
    </Alert>
  ) : (
    <Loader size="sm" aria-label="Loading exam" />
  );
}
