import { Text } from '@mantine/core';
import type { StatusMessage } from '../lib/status';

/** Failures read red, successes green; failures are announced as alerts so a screen reader hears them. */
export function StatusLine({ status }: { status: StatusMessage | null | undefined }) {
  if (!status) return null;
  const error = status.kind === 'error';
  return (
    <Text role={error ? 'alert' : 'status'} c={error ? 'red' : 'green'} data-kind={status.kind} fw={500}>
      {status.text}
    </Text>
  );
}
