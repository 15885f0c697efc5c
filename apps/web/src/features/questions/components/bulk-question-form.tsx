import { Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { EXAM_LIMITS } from '@valence/contract';
import { useState } from 'react';
import { useContractForm } from '../../../lib/form';
import { useSingleFlight } from '../../../lib/single-flight';
import { useAddQuestions } from '../api/add-questions';
import { QUESTION_TEXTS } from '../messages';
import { type BulkDraft, blankDraft, bulkDraftSchema, toQuestionInput } from '../model/question-draft';
import { serverMessage } from '../model/server-message';
import { QuestionFields } from './question-fields';

const addedText = (count: number) => `${count} question${count === 1 ? '' : 's'} added successfully`;

/**
 * Add many questions in one call. Every question is checked before anything is sent, each problem
 * shown beside its question in the form's numbered words; a failure keeps everything typed.
 */
export function BulkQuestionForm({ examId }: { examId: number }) {
  const save = useAddQuestions();
  const [added, setAdded] = useState<string | null>(null);
  const form = useContractForm<BulkDraft>(bulkDraftSchema, { questions: [blankDraft()] });
  const { questions } = form.getValues();
  const invalid = Object.keys(form.errors).length > 0;

  const submit = useSingleFlight(async (values: BulkDraft) => {
    setAdded(null);
    try {
      const created = await save.mutateAsync({
        examId,
        questions: values.questions.map((draft) => ({ input: toQuestionInput(draft), image: draft.image })),
      });
      form.setValues({ questions: [blankDraft()] });
      form.clearErrors();
      setAdded(addedText(created.length));
    } catch {
      // Shown beside the button; every question stays as typed.
    }
  });

  return (
    <Card withBorder padding="lg" component="section" aria-label="Add Multiple Questions">
      <form noValidate onSubmit={form.onSubmit(submit, () => setAdded(null))}>
        <Stack>
          <Title order={3}>Add Multiple Questions</Title>
          {questions.map((draft, index) => (
            <Paper key={draft.key} withBorder p="md" component="section" aria-label={`New question ${index + 1}`}>
              <Stack gap="sm">
                <Group justify="space-between" gap="xs">
                  <Text fw={700}>Question {index + 1}</Text>
                  {questions.length > 1 && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove question ${index + 1}`}
                      onClick={() => form.removeListItem('questions', index)}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
                <QuestionFields draft={draft} field={(name) => form.getInputProps(`questions.${index}.${name}`)} />
              </Stack>
            </Paper>
          ))}
          {form.errors.questions && (
            <Text c="red" size="sm">
              {form.errors.questions}
            </Text>
          )}
          <Group>
            <Button
              variant="default"
              onClick={() => form.insertListItem('questions', blankDraft())}
              disabled={questions.length >= EXAM_LIMITS.questionsPerBulk}
            >
              Add another question
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save all questions
            </Button>
          </Group>
          {invalid && (
            <Text c="red" size="sm" role="alert">
              Some questions are not complete yet: see the messages above.
            </Text>
          )}
          {save.isError && (
            <Text c="red" size="sm" role="alert">
              {serverMessage(save.error) ?? QUESTION_TEXTS.bulkFailed}
            </Text>
          )}
          {added && (
            <Text c="green" size="sm" role="status" fw={500}>
              {added}
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}
