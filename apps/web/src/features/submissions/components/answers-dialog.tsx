import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import type { Submission } from '@valence/contract';
import type { ReactNode } from 'react';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { failureText } from '../../../lib/failure-text';
import { useMcqFeedback } from '../api/get-mcq-feedback';
import { SUBMISSION_TEXTS } from '../messages';
import { percentageText } from '../model/score-text';
import { QuestionFeedback } from './question-feedback';

type AnswersDialogProps = { submission: Submission; onClose: () => void };

/**
 * 'View Answers' of an MCQ submission: the share answered correctly (100 × correct /
 * total, beside the mark out of 50 the list shows), then each question with the student's answer.
 */
export function AnswersDialog({ submission, onClose }: AnswersDialogProps) {
  const feedback = useMcqFeedback(submission.id);

  let body: ReactNode;
  if (feedback.isPending) body = <Loader size="sm" aria-label="Loading answers" />;
  else if (feedback.isError)
    body = (
      <Alert color="red" role="alert">
        {failureText(feedback.error, SUBMISSION_TEXTS.feedbackFailed)}
      </Alert>
    );
  else {
    const { studentName, mcqScore, correctCount, totalQuestions, questionsFeedback } = feedback.data;
    body = (
      <Stack>
        <Stack gap={4}>
          <Text style={{ overflowWrap: 'anywhere' }}>
            Student: <strong>{studentName}</strong>
          </Text>
          <Group gap="md" wrap="wrap">
            <Text>
              Score: <strong>{percentageText(correctCount, totalQuestions)}</strong>
            </Text>
            <Text>
              {correctCount} of {totalQuestions} correct
            </Text>
            {mcqScore !== null && <Text c="dimmed">Mark: {mcqScore.toFixed(2)} / 50</Text>}
          </Group>
        </Stack>
        <Stack gap="sm">
          {questionsFeedback.map((item, index) => (
            <QuestionFeedback key={item.questionId} item={item} number={index + 1} />
          ))}
        </Stack>
      </Stack>
    );
  }

  // A phone gets the whole screen (ResponsiveModal's default): a paper of fifty questions needs all of it.
  return (
    <ResponsiveModal opened onClose={onClose} title="MCQ Answers" size="xl">
      {body}
    </ResponsiveModal>
  );
}
