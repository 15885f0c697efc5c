import { Stack, Title } from '@mantine/core';
import type { McqQuestion } from '@valence/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { confirmAction } from '../../../components/confirm-dialog';
import { ListView } from '../../../components/query-view';
import { useDeleteQuestion } from '../api/delete-question';
import { useQuestions } from '../api/get-questions';
import { QuestionCard } from './question-card';
import { QuestionDialog } from './question-dialog';

type QuestionListProps = {
  examId: number;
  readOnly: boolean;
  /** What the page shows beside each question (its item-analysis figures). */
  aside?: (question: McqQuestion) => ReactNode;
  /** Another order than the paper's; each question keeps its number in the paper. */
  compare?: ((a: McqQuestion, b: McqQuestion) => number) | undefined;
};

/** The exam's questions, numbered, with how many there are; each can be edited or deleted. */
export function QuestionList({ examId, readOnly, aside, compare }: QuestionListProps) {
  const questions = useQuestions(examId);
  const ordered = useMemo(() => {
    const numbered = (questions.data ?? []).map((question, index) => ({ question, number: index + 1 }));
    return compare ? numbered.sort((a, b) => compare(a.question, b.question)) : numbered;
  }, [questions.data, compare]);
  const remove = useDeleteQuestion();
  const [editing, setEditing] = useState<McqQuestion | null>(null);

  async function handleDelete(question: McqQuestion, number: number) {
    const sure = await confirmAction(
      'Delete',
      `Are you sure you want to delete question ${number}? This action cannot be undone.`,
    );
    // The status line says how it went (a 409 names the reason); nothing else to do here.
    if (sure) remove.mutate({ examId, questionId: question.id });
  }

  const count = questions.data?.length;
  return (
    <Stack component="section" aria-label="Questions">
      <Title order={3}>Questions{count === undefined ? '' : ` (${count})`}</Title>
      <ListView
        query={questions}
        loadingLabel="Loading questions"
        errorText="Failed to load questions."
        emptyText="No questions yet. Add the first one with 'Add Question' or the form below."
      >
        {() =>
          ordered.map(({ question, number }) => (
            <QuestionCard
              key={question.id}
              question={question}
              number={number}
              readOnly={readOnly}
              deleting={remove.isPending && remove.variables?.questionId === question.id}
              onEdit={() => setEditing(question)}
              onDelete={() => handleDelete(question, number)}
              aside={aside?.(question)}
            />
          ))
        }
      </ListView>
      {editing && <QuestionDialog examId={examId} question={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
