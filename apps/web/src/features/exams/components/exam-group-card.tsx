import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import type { ExamGroup } from '../model/group-exams';
import { ExamItem } from './exam-item';

/** One exam identifier: its MCQ and PART II exams side by side on a wide screen, stacked on a phone. */
export function ExamGroupCard({ group, timeZone }: { group: ExamGroup; timeZone: string }) {
  const headingId = useId();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {group.identifier}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {group.exams.map((exam) => (
            <ExamItem key={exam.id} exam={exam} timeZone={timeZone} />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
