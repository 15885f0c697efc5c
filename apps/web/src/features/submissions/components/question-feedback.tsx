import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { McqFeedback } from '@valence/contract';
import { ChemText } from '../../../components/chem-text';
import { QuestionStem } from '../../../components/question-stem';

type QuestionFeedbackProps = { item: McqFeedback['questionsFeedback'][number]; number: number };

const wrap = { minWidth: 0, overflowWrap: 'anywhere' } as const;

/**
 * One question as the student answered it. Right or wrong is said in words beside an icon, never by
 * colour alone; the correct answer shows only when the student missed it.
 */
export function QuestionFeedback({ item, number }: QuestionFeedbackProps) {
  const answered = item.studentSelectedOptionText !== null;
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Question ${number}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={700}>Question {number}</Text>
          {item.studentCorrect ? (
            <Badge color="green" leftSection={<IconCircleCheck size={14} aria-hidden />}>
              Correct
            </Badge>
          ) : (
            <Badge color="red" leftSection={<IconCircleX size={14} aria-hidden />}>
              Incorrect
            </Badge>
          )}
        </Group>
        <QuestionStem number={number} text={item.questionText} imageUrl={item.questionImagePath} textStyle={wrap} />
        <Text component="div" size="sm" style={wrap}>
          <Text span c="dimmed" size="sm">
            Student&apos;s answer:{' '}
          </Text>
          {answered ? (
            <ChemText text={item.studentSelectedOptionText ?? ''} />
          ) : (
            <Text span fs="italic" size="sm">
              Not answered
            </Text>
          )}
        </Text>
        {!item.studentCorrect && (
          <Text component="div" size="sm" style={wrap}>
            <Text span c="dimmed" size="sm">
              Correct answer:{' '}
            </Text>
            <Text span fw={600} size="sm">
              {item.correctOptionText === null ? 'Not available' : <ChemText text={item.correctOptionText} />}
            </Text>
          </Text>
        )}
      </Stack>
    </Card>
  );
}
