import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { McqQuestion } from '@valence/contract';
import type { ReactNode } from 'react';
import { ChemText } from '../../../components/chem-text';
import { QuestionStem } from '../../../components/question-stem';
import { LETTERS } from '../model/question-draft';

type QuestionCardProps = {
  question: McqQuestion;
  /** Its place in the exam, from 1. */
  number: number;
  /** A content-deleted exam's questions can no longer change. */
  readOnly: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** What the page shows beside the question (its item-analysis figures). */
  aside?: ReactNode;
};

/** One question: its text and picture, options A–E with the correct one marked in words, not colour alone. */
export function QuestionCard({ question, number, readOnly, deleting, onEdit, onDelete, aside }: QuestionCardProps) {
  return (
    <Card withBorder padding="md" component="article" aria-label={`Question ${number}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={700}>Question {number}</Text>
          <Group gap={6}>
            <Button size="compact-sm" variant="default" onClick={onEdit} disabled={readOnly}>
              Edit
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={onDelete}
              disabled={readOnly}
              loading={deleting}
            >
              Delete
            </Button>
          </Group>
        </Group>
        {aside}
        <QuestionStem
          number={number}
          text={question.questionText}
          imageUrl={question.questionImageUrl}
          textStyle={{ minWidth: 0 }}
        />
        <Stack component="ol" gap={6} aria-label="Options" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {question.options.map((option, index) => (
            <Group
              component="li"
              key={option.id}
              gap="xs"
              wrap="nowrap"
              align="flex-start"
              p={4}
              bg={option.isCorrect ? 'green.0' : undefined}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <Text fw={600} style={{ flexShrink: 0 }}>
                {LETTERS[index] ?? index + 1}.
              </Text>
              <Text component="div" fw={option.isCorrect ? 600 : undefined} style={{ flex: 1, minWidth: 0 }}>
                <ChemText text={option.optionText} />
              </Text>
              {option.isCorrect && (
                <Badge color="green" leftSection={<IconCheck size={12} aria-hidden />} style={{ flexShrink: 0 }}>
                  Correct
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
