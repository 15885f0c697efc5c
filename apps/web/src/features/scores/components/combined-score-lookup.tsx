import { Button, Card, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useExamScore } from '../api/get-exam-score';
import { scoreLookupSchema } from '../lookup-forms';
import { CombinedScoreResult } from './combined-score-result';
import { LookupOutcome, useScoreLookup } from './score-lookup';

/** A student's combined score under an exam identifier: MCQ, PART II and the total. */
export function CombinedScoreLookup() {
  const { lookup, query, onSubmit, inputProps } = useScoreLookup(scoreLookupSchema, useExamScore);

  return (
    <Stack>
      <Card withBorder padding="lg" component="section">
        <form noValidate onSubmit={onSubmit}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Student ID" inputMode="numeric" placeholder="e.g. 12" {...inputProps('studentId')} />
              <TextInput label="Exam Identifier" placeholder="e.g. CHEM101_FINAL" {...inputProps('examIdentifier')} />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={query.isFetching}>
                View Score
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <LookupOutcome
        lookup={lookup}
        query={query}
        loadingLabel="Loading score"
        failureText="Failed to fetch your score. Please check the Exam Identifier and ensure marks are published."
      >
        {(score) => <CombinedScoreResult score={score} />}
      </LookupOutcome>
    </Stack>
  );
}
