import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { EXAM_MESSAGES, EXAM_TYPE_SHORT, type Exam, formatInTimeZone } from '@valence/contract';
import { useId } from 'react';
import { ChemText } from '../../../components/chem-text';
import { useSittingNow } from '../api/get-sitting-now';
import { ExamActions } from './exam-actions';

/** Long identifiers, titles and links in descriptions must wrap at phone width, not push the card wider. */
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/** One exam of a group: what it is, when it is due (platform time zone), its states and its actions. */
export function ExamItem({ exam, timeZone }: { exam: Exam; timeZone: string }) {
  const titleId = useId();
  const partTwo = exam.examType === 'TRADITIONAL';
  return (
    <Paper withBorder p="sm" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={4} id={titleId} style={wrapAnywhere}>
          <ChemText text={exam.title} />
        </Title>
        <Group gap={6} wrap="wrap">
          <Badge variant="outline" color="grape">
            {EXAM_TYPE_SHORT[exam.examType]}
          </Badge>
          <Badge color={exam.published ? 'green' : 'gray'}>{exam.published ? 'Published' : 'Unpublished'}</Badge>
          {partTwo && (
            <Badge color={exam.gradesPublished ? 'blue' : 'gray'} variant="light">
              {exam.gradesPublished ? 'Marks Published' : 'Marks Unpublished'}
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ ...wrapAnywhere, whiteSpace: 'pre-line' }}>
          {exam.description}
        </Text>
        <Text size="sm" c="dimmed" style={wrapAnywhere}>
          <ChemText text={`Course: ${exam.courseTitle}`} />
        </Text>
        <Text size="sm" c="dimmed">
          Due: {formatInTimeZone(exam.dueDate, timeZone)}
        </Text>
        {exam.published && isOpenNow(exam) && <SittingNow exam={exam} />}
        {partTwo && exam.submissionCount > 0 && (
          <Text size="sm" fw={500}>
            {exam.submissionCount - exam.unmarkedCount} of {exam.submissionCount} marked
          </Text>
        )}
        {exam.contentDeleted && (
          <Text size="sm" c="orange.8" fw={500}>
            {EXAM_MESSAGES.contentDeleted}
          </Text>
        )}
        <ExamActions exam={exam} timeZone={timeZone} />
      </Stack>
    </Paper>
  );
}

/** Between the exam's opening (its publication when it has none) and its due date, on this device's clock. */
function isOpenNow(exam: Pick<Exam, 'opensAt' | 'dueDate'>) {
  const now = Date.now();
  return (!exam.opensAt || Date.parse(exam.opensAt) <= now) && now < Date.parse(exam.dueDate);
}

/** "n sitting now · m handed in" while the exam is open: the students in a sitting are counted by the server. */
function SittingNow({ exam }: { exam: Exam }) {
  const sitting = useSittingNow(exam.id);
  if (sitting.data === undefined) return null;
  return (
    <Text size="sm" fw={500}>
      {sitting.data} sitting now · {exam.submissionCount} handed in
    </Text>
  );
}
