import { ActionIcon, Button, Group, Kbd, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { MARKING_LIMITS } from '@valence/contract';
import { useState } from 'react';
import { useSaveCommentBank } from '../api/save-comment-bank';

type CommentBankProps = {
  examId: number;
  comments: string[];
  onInsert: (comment: string) => void;
};

/**
 * The exam's reusable comments: a click (or Alt+1 to Alt+9 for the first nine) adds one to the
 * feedback; comments added or removed here are saved for every tutor of the exam.
 */
export function CommentBank({ examId, comments, onInsert }: CommentBankProps) {
  const save = useSaveCommentBank();
  const [adding, setAdding] = useState('');

  function add() {
    const text = adding.trim();
    if (!text || save.isPending) return;
    save.mutate({ examId, comments: [...comments, text] }, { onSuccess: () => setAdding('') });
  }

  return (
    <Stack gap="xs" component="section" aria-label="Comment bank">
      <Title order={4}>Comment bank</Title>
      {comments.length === 0 && (
        <Text size="sm" c="dimmed">
          No comments yet. Add the ones you write often.
        </Text>
      )}
      {comments.map((comment, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the bank's order is its identity (Alt+n)
        <Group key={index} gap={4} wrap="nowrap" align="flex-start">
          <UnstyledButton
            onClick={() => onInsert(comment)}
            aria-label={`Insert comment: ${comment}`}
            style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            <Text size="sm">
              {index < 9 && <Kbd size="xs" mr={6}>{`Alt ${index + 1}`}</Kbd>}
              {comment}
            </Text>
          </UnstyledButton>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Remove comment ${index + 1}`}
            disabled={save.isPending}
            onClick={() => save.mutate({ examId, comments: comments.filter((_, i) => i !== index) })}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          label="New comment"
          value={adding}
          maxLength={MARKING_LIMITS.bankCommentMax}
          onChange={(event) => setAdding(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button
          variant="light"
          onClick={add}
          loading={save.isPending}
          disabled={!adding.trim() || comments.length >= MARKING_LIMITS.bankComments}
        >
          Add
        </Button>
      </Group>
    </Stack>
  );
}
