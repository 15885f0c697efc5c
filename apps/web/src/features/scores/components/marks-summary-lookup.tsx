import { Button, Card, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMarksSummary } from '../api/get-marks-summary';
import { marksLookupSchema } from '../lookup-forms';
import { MarksSummaryResult } from './marks-summary-result';
import { LookupOutcome, useScoreLookup } from './score-lookup';
import { StudentSelect } from './student-select';

/** Staff look up one student's marks under an exam identifier: both papers, the total, a PDF. */
export function MarksSummaryLookup({ timeZone }: { timeZone: string }) {
  const { form, lookup, query, onSubmit, inputProps } = useScoreLookup(marksLookupSchema, useMarksSummary);

  return (
    <Stack>
      <Card withBorder padding="lg" component="section">
        <form noValidate onSubmit={onSubmit}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <StudentSelect
                value={form.getValues().studentId || null}
                onChange={(id) => form.setFieldValue('studentId', id ?? '')}
                error={Boolean(form.errors.studentId)}
              />
              <TextInput label="Exam Identifier" placeholder="e.g. CHEM101_FINAL" {...inputProps('examIdentifier')} />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={query.isFetching}>
                Get Summary
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <LookupOutcome
        lookup={lookup}
        query={query}
        loadingLabel="Loading marks summary"
        failureText="Failed to fetch marks summary. Please check the Student ID and Exam Identifier."
      >
        {(summary) => <MarksSummaryResult summary={summary} timeZone={timeZone} />}
      </LookupOutcome>
    </Stack>
  );
}
