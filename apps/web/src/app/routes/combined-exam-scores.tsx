import { Container, Stack, Title } from '@mantine/core';
import { StatusOutlet } from '../../components/status-outlet';
import { CombinedScoreLookup } from '../../features/scores';

/** A student's combined score (MCQ + half of PART II) under an exam identifier. */
export function CombinedExamScoresRoute() {
  return (
    <Container size="lg">
      <Stack>
        <Title order={2}>Student Combined Exam Scores</Title>
        <StatusOutlet />
        <CombinedScoreLookup />
      </Stack>
    </Container>
  );
}
