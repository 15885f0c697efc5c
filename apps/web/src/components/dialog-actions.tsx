import { Button, Group, Text } from '@mantine/core';

export type DialogActionsProps = {
  /** Why the last try failed, shown red above the buttons; what was typed stays in the fields. */
  error?: string | false | null | undefined;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  disabled?: boolean;
};

/** The foot of every form dialog: its failure, then Cancel and the submit button, right-aligned. */
export function DialogActions({ error, onCancel, submitLabel, pending, disabled }: DialogActionsProps) {
  return (
    <>
      {error && (
        <Text c="red" role="alert" size="sm">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={pending} disabled={disabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
