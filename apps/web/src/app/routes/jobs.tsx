import { Container, Stack, Title } from '@mantine/core';
import { StatusOutlet } from '../../components/status-outlet';
import { JobsList } from '../../features/jobs';
import { usePlatformTimeZone } from '../../features/settings';

/** The job queue (superadmin): report packs, sweeps and other long work, with why any failed. */
export function JobsRoute() {
  const timeZone = usePlatformTimeZone();
  return (
    <Container size="xl">
      <Stack>
        <Title order={2}>Jobs</Title>
        <StatusOutlet />
        <JobsList timeZone={timeZone} />
      </Stack>
    </Container>
  );
}
