import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MARKING_LIMITS, type MarkScheme, markSchemeSchema } from '@valence/contract';

/** A mark scheme's rows as typed: the maximum stays text until it is checked. */
export type SchemeRow = { label: string; maxMarks: string };

export const schemeRows = (scheme: MarkScheme): SchemeRow[] =>
  scheme.map((question) => ({ label: question.label, maxMarks: String(question.maxMarks) }));

/** The rows checked with the contract: the scheme, or the first reason it is refused. */
export function readScheme(rows: SchemeRow[]): { scheme: MarkScheme } | { error: string } {
  const parsed = markSchemeSchema.safeParse(
    rows.map((row) => ({ label: row.label, maxMarks: row.maxMarks.trim() === '' ? Number.NaN : Number(row.maxMarks) })),
  );
  if (parsed.success) return { scheme: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? 'The mark scheme is not valid.' };
}

const total = (rows: SchemeRow[]) =>
  rows.reduce((sum, row) => sum + Math.round((Number(row.maxMarks) || 0) * 100), 0) / 100;

type MarkSchemeFieldsProps = {
  rows: SchemeRow[];
  onChange: (rows: SchemeRow[]) => void;
  error?: string | null;
};

/**
 * A PART II mark scheme typed row by row: each question's label and maximum mark, their total shown
 * as it is typed (it must come to 100). No rows means no scheme: the script gets one score.
 */
export function MarkSchemeFields({ rows, onChange, error }: MarkSchemeFieldsProps) {
  const set = (index: number, row: Partial<SchemeRow>) =>
    onChange(rows.map((current, i) => (i === index ? { ...current, ...row } : current)));
  return (
    <Stack gap="xs" role="group" aria-label="Mark scheme">
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
        <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={`Question ${index + 1} label`}
            value={row.label}
            maxLength={MARKING_LIMITS.schemeLabelMax}
            onChange={(event) => set(index, { label: event.currentTarget.value })}
            style={{ flex: 2, minWidth: 0 }}
          />
          <TextInput
            label={`Question ${index + 1} maximum marks`}
            value={row.maxMarks}
            inputMode="decimal"
            onChange={(event) => set(index, { maxMarks: event.currentTarget.value })}
            style={{ flex: 1, minWidth: 0 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove question ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between">
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={rows.length >= MARKING_LIMITS.schemeQuestions}
          onClick={() => onChange([...rows, { label: `Q${rows.length + 1}`, maxMarks: '' }])}
        >
          Add question
        </Button>
        {rows.length > 0 && (
          <Text size="sm" c={total(rows) === 100 ? 'green.8' : 'orange.8'}>
            Total: {total(rows)} of 100
          </Text>
        )}
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
