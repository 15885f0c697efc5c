import { Alert, Button, Group, Text } from '@mantine/core';
import type { Stale } from '../lib/stale-change';

export const STALE_TEXTS = {
  title: 'Changed by someone else',
  reload: 'Reload',
  overwrite: 'Overwrite',
  choose: 'Reload to see their change (what you typed here is dropped), or overwrite it with yours.',
} as const;

type StaleChangeAlertProps = {
  stale: Stale;
  onReload: () => void;
  onOverwrite: () => void;
  busy?: boolean;
};

/**
 * A save refused because someone saved the same script after it was opened here (another tab, or
 * another tutor): the server's sentence naming who and when, and the two ways on. Nothing is
 * overwritten unless the tutor says so.
 */
export function StaleChangeAlert({ stale, onReload, onOverwrite, busy = false }: StaleChangeAlertProps) {
  return (
    <Alert color="orange" role="alert" title={STALE_TEXTS.title}>
      <Text size="sm">{stale.message}</Text>
      <Text size="sm" mt={4}>
        {STALE_TEXTS.choose}
      </Text>
      <Group gap="xs" mt="xs">
        <Button size="compact-sm" variant="default" onClick={onReload} disabled={busy}>
          {STALE_TEXTS.reload}
        </Button>
        <Button size="compact-sm" color="orange" onClick={onOverwrite} loading={busy}>
          {STALE_TEXTS.overwrite}
        </Button>
      </Group>
    </Alert>
  );
}
