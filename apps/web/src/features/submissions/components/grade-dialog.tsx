import { Input, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ExamType,
  gradeFieldsSchema,
  MARKED_PAPER_ACCEPT,
  SUBMISSION_MESSAGES,
  type Submission,
} from '@valence/contract';
import { useId, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { StaleChangeAlert } from '../../../components/stale-change-alert';
import { failureText } from '../../../lib/failure-text';
import { useContractForm } from '../../../lib/form';
import { keys } from '../../../lib/query-keys';
import { staleChangeOf } from '../../../lib/stale-change';
import { useGradeSubmission } from '../api/grade-submission';
import { SUBMISSION_TEXTS } from '../messages';
import { scoreText } from '../model/score-text';

export type GradeValues = { instructorFeedback: string; traditionalScore: string; markedPaper: File | null };

type GradeDialogProps = {
  exam: { id: number; examType: ExamType; contentDeleted: boolean };
  submission: Submission;
  onClose: () => void;
};

/**
 * The contract names the score by its field ("Traditional Score"); the dialog's label says "Score".
 * The not-a-number sentence keeps the field's name: it is the specification's own wording.
 */
const inLabelWords = (message: string) =>
  message === SUBMISSION_MESSAGES.scoreNumber ? message : message.replace(/^Traditional Score\b/, 'Score');

/** Whether a refusal is about the score, so it belongs under the score field rather than the form. */
const aboutScore = (message: string) => message.startsWith('Traditional Score');

/** Why this submission cannot be graded at all, before anything is sent, so the tutor is not left to learn it from a refusal. */
function refusal(submission: Submission, contentDeleted: boolean): string | null {
  if (!Number.isInteger(submission.id) || submission.id <= 0) return SUBMISSION_TEXTS.missingId;
  return contentDeleted ? SUBMISSION_TEXTS.gradingRefused : null;
}

/**
 * 'Mark Submission' (PART II: a score out of 100) or 'Review Submission & Add Feedback' (MCQ: its
 * automatic score, read-only). Mounted only while open, so each opening starts from the stored mark.
 */
export function GradeDialog({ exam, submission, onClose }: GradeDialogProps) {
  const grade = useGradeSubmission();
  const queryClient = useQueryClient();
  // The version the typed mark is based on: the row's, or the newer one the tutor chose to overwrite.
  const [version, setVersion] = useState(submission.version);
  const [reloading, setReloading] = useState(false);
  const paperId = useId();
  const partTwo = exam.examType === 'TRADITIONAL';
  const form = useContractForm<GradeValues>(gradeFieldsSchema, {
    instructorFeedback: submission.instructorFeedback ?? '',
    traditionalScore: submission.traditionalScore === null ? '' : String(submission.traditionalScore),
    markedPaper: null,
  });
  const blocked = refusal(submission, exam.contentDeleted);

  async function submit(values: GradeValues, basedOn = version) {
    if (blocked || grade.isPending) return;
    try {
      await grade.mutateAsync({
        ...values,
        examId: exam.id,
        examType: exam.examType,
        submissionId: submission.id,
        studentName: submission.studentName,
        version: basedOn,
      });
      onClose();
    } catch {
      // Shown below the fields (a score's refusal under the score); what was typed stays for another try.
    }
  }

  const stale = grade.isError ? staleChangeOf(grade.error) : null;

  /** Their mark wins: the list is read again and the dialog closes (opened again, it shows theirs). */
  async function reload() {
    setReloading(true);
    try {
      await queryClient.refetchQueries({ queryKey: keys.submissions.ofExam(exam.id) });
    } finally {
      setReloading(false);
      onClose();
    }
  }

  /** Ours wins: the same mark sent again as based on their version. */
  function overwrite() {
    if (!stale) return;
    const basedOn = stale.version;
    setVersion(basedOn);
    // Checked as a save is: the fields may have been edited since the refusal.
    form.onSubmit((values) => void submit(values, basedOn))();
  }

  const failure = grade.isError && !stale ? failureText(grade.error, SUBMISSION_TEXTS.gradeFailed) : null;
  const scoreRefused = failure !== null && aboutScore(failure);
  const problem = blocked ?? (scoreRefused ? null : failure);
  const scoreInput = form.getInputProps('traditionalScore');
  const scoreError = typeof scoreInput.error === 'string' ? scoreInput.error : scoreRefused ? failure : null;
  return (
    // A phone gets the whole screen: a feedback box in a centred dialog leaves no room to type.
    <FormDialog
      title={partTwo ? 'Mark Submission' : 'Review Submission & Add Feedback'}
      size="lg"
      fullScreenOnPhone
      onClose={onClose}
      onSubmit={form.onSubmit((values) => submit(values))}
      error={problem}
      submitLabel="Save Mark"
      pending={grade.isPending}
      disabled={blocked !== null}
    >
      <Text style={{ overflowWrap: 'anywhere' }}>
        Student: <strong>{submission.studentName}</strong>
      </Text>
      {partTwo ? (
        <TextInput
          label="Score (out of 100)"
          description="0 to 100, up to two decimals (step 0.01). Leave empty while not marked."
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          {...scoreInput}
          onChange={(event) => {
            // A refusal of the score before is about the old text: it goes as the score is mended.
            if (scoreRefused) grade.reset();
            scoreInput.onChange(event);
          }}
          error={scoreError ? inLabelWords(scoreError) : undefined}
        />
      ) : (
        <TextInput label="MCQ Score" value={scoreText(submission, 'MCQ')} readOnly variant="filled" />
      )}
      <Textarea label="Feedback" rows={5} resize="vertical" {...form.getInputProps('instructorFeedback')} />
      <Input.Wrapper
        id={paperId}
        label="Marked Paper"
        description={
          submission.markedPaperDownloadUrl
            ? 'Optional. A new file replaces the current marked paper.'
            : 'Optional: PDF, Word, text, JPG or PNG.'
        }
      >
        <input
          id={paperId}
          type="file"
          accept={MARKED_PAPER_ACCEPT}
          aria-describedby={`${paperId}-description`}
          onChange={(event) => form.setFieldValue('markedPaper', event.currentTarget.files?.[0] ?? null)}
          style={{ display: 'block', marginTop: 6, maxWidth: '100%' }}
        />
      </Input.Wrapper>
      {stale && (
        <StaleChangeAlert
          stale={stale}
          onReload={() => void reload()}
          onOverwrite={overwrite}
          busy={grade.isPending || reloading}
        />
      )}
    </FormDialog>
  );
}
