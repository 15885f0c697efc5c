import '@mantine/dates/styles.css';
import { Container, Stack, Title } from '@mantine/core';
import { AuditLog } from '../../features/audit';
import { usePlatformTimeZone } from '../../features/settings';

/** The audit log (superadmin): who deleted, marked, published or changed what, and when. */
export function AuditRoute() {
  const timeZone = usePlatformTimeZone();
  return (
    <Container size="xl">
      <Stack>
        <Title order={2}>Audit log</Title>
        <AuditLog timeZone={timeZone} />
      </Stack>
    </Container>
  );
}
