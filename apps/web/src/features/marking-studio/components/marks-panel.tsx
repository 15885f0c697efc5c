import { Alert, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { MarkScheme } from '@valence/contract';
import { checkQuestionMark, checkScore, runningTotal } from '../model/marks';

/** The marks as typed: one per question with a scheme, else the one score; and the feedback. */
export type MarksDraft = { questionMarks: string[]; score: string; feedback: string };

type MarksPanelProps = {
  scheme: MarkScheme;
  draft: MarksDraft;
  onChange: (draft: MarksDraft) => void;
  /** Why the last save was refused, said under the marks. */
  problem: string | null;
  disabled: boolean;
};

/**
 * The marks of one script: with a mark scheme a mark per question (0 to its maximum) and their sum as
 * the score; without one the score out of 100 as in the grade dialog. Each field says at once what is
 * wrong with what is typed.
 */
export function MarksPanel({ scheme, draft, onChange, problem, disabled }: MarksPanelProps) {
  const scoreCheck = checkScore(draft.score);
  return (
    <Stack gap="xs">
      <Title order={4}>Marks</Title>
      {scheme.length > 0 ? (
        <>
          {scheme.map((question, index) => {
            const typed = draft.questionMarks[index] ?? '';
            const check = checkQuestionMark(typed, question.maxMarks);
            return (
              <TextInput
                // biome-ignore lint/suspicious/noArrayIndexKey: the scheme's questions in their order
                key={index}
                label={`${question.label} (out of ${question.maxMarks})`}
                value={typed}
                inputMode="decimal"
                autoComplete="off"
                data-mark-input
                disabled={disabled}
                error={check.error}
                onChange={(event) => {
                  const questionMarks = scheme.map((_, i) => draft.questionMarks[i] ?? '');
                  questionMarks[index] = event.currentTarget.value;
                  onChange({ ...draft, questionMarks });
                }}
              />
            );
          })}
          <Group justify="space-between">
            <Text fw={600}>Score</Text>
            <Text fw={600} aria-live="polite" data-testid="score-total">
              {runningTotal(scheme, draft.questionMarks)} / 100
            </Text>
          </Group>
        </>
      ) : (
        <TextInput
          label="Score (out of 100)"
          description="0 to 100, up to two decimals. Leave empty while not marked."
          value={draft.score}
          inputMode="decimal"
          autoComplete="off"
          data-mark-input
          disabled={disabled}
          error={scoreCheck.error}
          onChange={(event) => onChange({ ...draft, score: event.currentTarget.value })}
        />
      )}
      <Textarea
        label="Feedback"
        rows={5}
        resize="vertical"
        value={draft.feedback}
        disabled={disabled}
        onChange={(event) => onChange({ ...draft, feedback: event.currentTarget.value })}
      />
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}

/** A comment of the bank added to the feedback, on a line of its own. */
export function withComment(feedback: string, comment: string): string {
  if (!feedback.trim()) return comment;
  return feedback.endsWith('\n') ? `${feedback}${comment}` : `${feedback}\n${comment}`;
}
