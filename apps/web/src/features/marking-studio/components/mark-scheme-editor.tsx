import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { MarkScheme } from '@valence/contract';
import { useState } from 'react';
import { MarkSchemeFields, readScheme, type SchemeRow, schemeRows } from '../../../components/mark-scheme-fields';
import { failureText } from '../../../lib/failure-text';
import { useSaveMarkScheme } from '../api/save-mark-scheme';

/** The exam's mark scheme, shown as a line and edited in place. */
export function MarkSchemeEditor({ examId, scheme }: { examId: number; scheme: MarkScheme }) {
  const save = useSaveMarkScheme();
  const [rows, setRows] = useState<SchemeRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!rows)
    return (
      <Stack gap={4}>
        <Title order={4}>Mark scheme</Title>
        <Text size="sm" c="dimmed">
          {scheme.length === 0
            ? 'None: each script gets one score out of 100.'
            : scheme.map((q) => `${q.label} (${q.maxMarks})`).join(', ')}
        </Text>
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => setRows(schemeRows(scheme))}>
            Edit mark scheme
          </Button>
        </Group>
      </Stack>
    );

  async function submit(current: SchemeRow[]) {
    const read = readScheme(current);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ examId, markScheme: read.scheme });
      setRows(null);
    } catch (failure) {
      setError(failureText(failure, 'Failed to save the mark scheme. Please try again.') || null);
    }
  }

  return (
    <Stack gap="xs" component="section" aria-label="Edit mark scheme">
      <Title order={4}>Mark scheme</Title>
      <MarkSchemeFields rows={rows} onChange={setRows} error={error} />
      <Group gap="xs">
        <Button size="compact-sm" loading={save.isPending} onClick={() => void submit(rows)}>
          Save mark scheme
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => setRows(null)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
