import { Paper, Text } from '@mantine/core';
import { ChemText } from '../../../components/chem-text';

/** How typed text will read once saved, formulas typeset, under the input it belongs to. */
export function NotationPreview({ text, label }: { text: string; label: string }) {
  return (
    <Paper withBorder p="xs" bg="gray.0" role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        Preview
      </Text>
      <Text component="div" style={{ minWidth: 0 }}>
        <ChemText text={text} />
      </Text>
    </Paper>
  );
}
