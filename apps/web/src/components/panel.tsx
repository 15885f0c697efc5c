import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PanelProps = {
  /** The panel's heading, which also names its region for screen readers. */
  title: string;
  /** Beside the heading, at its right: an export button. */
  actions?: ReactNode;
  children: ReactNode;
};

/** One titled part of a student's page (scores, watch time): a bordered section with its actions. */
export function Panel({ title, actions, children }: PanelProps) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack>
        <Group justify="space-between">
          <Title order={4}>{title}</Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
