import { Container, Stack, Title } from '@mantine/core';
import { StatusOutlet } from '../../components/status-outlet';
import { MarksSummaryLookup } from '../../features/scores';
import { usePlatformTimeZone } from '../../features/settings';

/** Admin marks summary: one student's MCQ and PART II marks under an exam identifier, and its PDF. */
export function StudentMarksSummaryRoute() {
  const timeZone = usePlatformTimeZone();
  return (
    <Container size="lg">
      <Stack>
        <Title order={2}>Student Marks Summary</Title>
        <StatusOutlet />
        <MarksSummaryLookup timeZone={timeZone} />
      </Stack>
    </Container>
  );
}
