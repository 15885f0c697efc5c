import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { failureText as lookupFailureText } from '../../../lib/failure-text';
import { useContractForm } from '../../../lib/form';
import type { ScoreLookup } from '../../../lib/query-keys';
import { failure } from '../../../lib/status';
import { clearStatus, showStatus } from '../../../lib/status-store';
import { type LookupValues, lookupOf } from '../model/lookup-forms';

/**
 * A student + exam identifier form and the one query it asks. Nothing is asked until the form is
 * valid; asking for the same lookup again asks the server again (a paper may have been marked or
 * published since). A missing field is one sentence on the status line, the field only marked red.
 */
function useScoreLookup<T>(schema: z.ZodType, useResult: (lookup: ScoreLookup | null) => UseQueryResult<T>) {
  const form = useContractForm<LookupValues>(schema, { studentId: '', examIdentifier: '' });
  const [lookup, setLookup] = useState<ScoreLookup | null>(null);
  const query = useResult(lookup);

  const onSubmit = form.onSubmit(
    (values) => {
      clearStatus();
      const next = lookupOf(values);
      if (lookup?.studentId === next.studentId && lookup.examIdentifier === next.examIdentifier) void query.refetch();
      else setLookup(next);
    },
    (errors) => {
      const first = Object.values(errors).find((message) => typeof message === 'string');
      showStatus(failure(typeof first === 'string' ? first : 'Please check the form.'));
    },
  );
  /** Input props without the error sentence: the status line says it once for the whole form. */
  const inputProps = (field: keyof LookupValues) => ({
    ...form.getInputProps(field),
    error: Boolean(form.errors[field]),
  });
  return { form, lookup, query, onSubmit, inputProps };
}

type LookupOutcomeProps<T> = {
  lookup: ScoreLookup | null;
  query: UseQueryResult<T>;
  loadingLabel: string;
  /** Said when the server gives no reason a user can act on (a 5xx, a lost connection). */
  failureText: string;
  children: (data: T) => ReactNode;
};

/** Nothing before the first lookup; then its failure, its result, or a loader. */
function LookupOutcome<T>({ lookup, query, loadingLabel, failureText, children }: LookupOutcomeProps<T>) {
  if (!lookup) return null;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {lookupFailureText(query.error, failureText)}
      </Alert>
    );
  if (query.data === undefined) return <Loader size="sm" aria-label={loadingLabel} />;
  return <>{children(query.data)}</>;
}

type ScoreLookupFormProps<T> = {
  schema: z.ZodType;
  useResult: (lookup: ScoreLookup | null) => UseQueryResult<T>;
  /** The student half of the form: a typed ID or a searched select, bound through the lookup's form. */
  studentField: (lookup: ReturnType<typeof useScoreLookup<T>>) => ReactNode;
  submitLabel: string;
} & Omit<LookupOutcomeProps<T>, 'lookup' | 'query'>;

/** The student + exam identifier form of a score screen, and under it what its lookup found. */
export function ScoreLookupForm<T>({
  schema,
  useResult,
  studentField,
  submitLabel,
  ...outcome
}: ScoreLookupFormProps<T>) {
  const scoreLookup = useScoreLookup(schema, useResult);
  const { lookup, query, onSubmit, inputProps } = scoreLookup;
  return (
    <Stack>
      <Card withBorder padding="lg" component="section">
        <form noValidate onSubmit={onSubmit}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {studentField(scoreLookup)}
              <TextInput label="Exam Identifier" placeholder="e.g. CHEM101_FINAL" {...inputProps('examIdentifier')} />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={query.isFetching}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <LookupOutcome lookup={lookup} query={query} {...outcome} />
    </Stack>
  );
}
