import { Card, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled counter; `loading` shows a skeleton instead of the value. */
export function StatCard({ label, value, loading = false }: { label: string; value: ReactNode; loading?: boolean }) {
  return (
    <Card withBorder padding="lg" aria-label={label} component="section">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={34} width={80} mt={6} data-testid={`${label} loading`} />
      ) : (
        <Text fz={30} fw={700}>
          {value}
        </Text>
      )}
    </Card>
  );
}
