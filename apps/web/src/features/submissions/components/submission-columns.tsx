import { Button, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { type ExamType, formatInTimeZone, type Submission } from '@valence/contract';
import { Link } from 'react-router';
import { ChemText } from '../../../components/chem-text';
import type { Column } from '../../../components/data-table';
import { gradeLabel, scoreText } from '../model/score-text';

type ColumnOptions = {
  examType: ExamType;
  timeZone: string;
  /** The exam's content is deleted: nothing may be graded any more. */
  gradingDisabled: boolean;
  onGrade: (submission: Submission) => void;
  onViewAnswers: (submission: Submission) => void;
};

const small = { size: 'compact-sm', variant: 'light' } as const;
// Names, feedback and links must wrap inside a phone's card, never widen the page.
const wrap = { overflowWrap: 'anywhere', minWidth: 0 } as const;

/**
 * A signed file link in a new tab; without one, a disabled button (an <a> cannot be disabled) whose
 * title says why, since a greyed link alone reads as broken.
 */
function FileLink({ url, label, missing }: { url: string | null; label: string; missing?: string }) {
  if (!url)
    return (
      <Button {...small} disabled title={missing}>
        {label}
      </Button>
    );
  return (
    <Button
      {...small}
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      rightSection={<IconExternalLink size={14} aria-hidden />}
    >
      {label}
    </Button>
  );
}

/** The Submissions screen's columns: who, when, the mark and feedback, and what can be done. */
export function submissionColumns(options: ColumnOptions): Column<Submission>[] {
  const { examType, timeZone, gradingDisabled, onGrade, onViewAnswers } = options;
  return [
    {
      header: 'Student',
      cell: (row) => (
        <Stack gap={0} style={wrap}>
          <Text size="sm" fw={600} style={wrap}>
            {row.studentName}
          </Text>
          <Text size="xs" c="dimmed">
            ID {row.studentId}
          </Text>
        </Stack>
      ),
    },
    { header: 'Submitted', cell: (row) => formatInTimeZone(row.submittedAt, timeZone) },
    {
      header: 'Score',
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} c={scoreMissing(row, examType) ? 'dimmed' : undefined}>
            {scoreText(row, examType)}
          </Text>
          {row.gradedAt && (
            <Text size="xs" c="dimmed">
              Marked {formatInTimeZone(row.gradedAt, timeZone)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      header: 'Feedback',
      cell: (row) =>
        row.instructorFeedback ? (
          <Text size="sm" component="div" style={wrap}>
            <ChemText text={row.instructorFeedback} />
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No feedback
          </Text>
        ),
    },
    {
      header: 'Actions',
      cell: (row) => (
        <Group gap={6} wrap="wrap" justify="flex-end">
          {examType === 'MCQ' ? (
            <Button {...small} onClick={() => onViewAnswers(row)}>
              View Answers
            </Button>
          ) : (
            <FileLink url={row.submittedAnswerDownloadUrl} label="View Submission" missing="No file was handed in" />
          )}
          {row.markedPaperDownloadUrl && <FileLink url={row.markedPaperDownloadUrl} label="View Marked Paper" />}
          <Button {...small} variant="filled" disabled={gradingDisabled} onClick={() => onGrade(row)}>
            {gradeLabel(row, examType)}
          </Button>
          {examType === 'TRADITIONAL' &&
            (gradingDisabled ? (
              <Button {...small} disabled>
                Mark in studio
              </Button>
            ) : (
              <Button {...small} component={Link} to={`/exams/${row.examId}/mark?script=${row.id}`}>
                Mark in studio
              </Button>
            ))}
        </Group>
      ),
    },
  ];
}

const scoreMissing = (row: Submission, examType: ExamType) =>
  (examType === 'MCQ' ? row.mcqScore : row.traditionalScore) === null;
