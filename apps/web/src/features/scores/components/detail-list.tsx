import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label and value pairs of one part's details, the label in a fixed column so the values line up. */
export function DetailList({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Stack gap={6}>
      {rows.map(([label, value]) => (
        <Group key={label} wrap="nowrap" align="flex-start" gap="sm">
          <Text size="sm" c="dimmed" w={120} style={{ flexShrink: 0 }}>
            {label}
          </Text>
          <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
