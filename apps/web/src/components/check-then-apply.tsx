import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { useSingleFlight } from '../lib/single-flight';

/** '1 student', '3 questions'. */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Under a report's problem list, when the server listed only the first of them. */
export const moreProblems = (count: number) =>
  `…and ${count.toLocaleString('en')} more ${count === 1 ? 'problem' : 'problems'} in the file, not listed here.`;

/** A file input of the form; the first one is the file that must be chosen. */
export type CheckedFile<Name extends string> = { name: Name; label: string; description: string; accept: string };

/** What the frame needs of a mutation (TanStack's `useMutation` result fits). */
type Step<Files, Answer> = { mutateAsync: (files: Files) => Promise<Answer>; isPending: boolean; reset: () => void };

/** A refusal that still carries a report: shown as the report, with a sentence in it or under it. */
export type CheckRefusal<Report> = { report: Report; refusal?: string | null; failure?: string | null };

type CheckThenApplyProps<Name extends string, Report, Result> = {
  intro: ReactNode;
  files: readonly [CheckedFile<Name>, ...CheckedFile<Name>[]];
  /** The dry run: reads the files and answers a report, saving nothing. */
  check: Step<Record<Name, File | null>, Report>;
  /** The same files for real. */
  apply: Step<Record<Name, File | null>, Result>;
  /** A 4xx answer that carries a report (the files have problems), else null. */
  refused: (error: unknown) => CheckRefusal<Report> | null;
  /** The sentence for any other failure. */
  failureOf: (error: unknown, dryRun: boolean) => string;
  report: (report: Report, refusal: string | null) => ReactNode;
  canApply: (report: Report) => boolean;
  checkLabel: string;
  applyLabel: (report: Report | null) => string;
  onApplied: (result: Result) => void;
  onClose: () => void;
};

/**
 * The frame of a dialog that checks files before it applies them (import students, import questions,
 * return marked papers): choose the files → 'Check' (a dry run) shows the report → 'Apply' only for a
 * report it accepts. A report belongs to the files it was made from, so choosing another file drops
 * it and asks for a new check.
 */
export function CheckThenApply<Name extends string, Report, Result>(props: CheckThenApplyProps<Name, Report, Result>) {
  const { check, apply, files: fields } = props;
  const ids = useId();
  const [files, setFiles] = useState(
    () => Object.fromEntries(fields.map((field) => [field.name, null])) as Record<Name, File | null>,
  );
  const [report, setReport] = useState<Report | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = files[fields[0].name];

  const pick = (name: Name) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0] ?? null;
    setFiles((current) => ({ ...current, [name]: file }));
    setReport(null);
    setRefusal(null);
    setFailure(null);
    check.reset();
    apply.reset();
  };

  const run = useSingleFlight(async (dryRun: boolean) => {
    if (!chosen) return;
    setFailure(null);
    try {
      if (dryRun) {
        setReport(await check.mutateAsync(files));
        setRefusal(null);
      } else {
        props.onApplied(await apply.mutateAsync(files));
      }
    } catch (error) {
      const refused = props.refused(error);
      if (refused) {
        setReport(refused.report);
        setRefusal(refused.refusal ?? null);
        setFailure(refused.failure ?? null);
        return;
      }
      setFailure(props.failureOf(error, dryRun));
    }
  });

  const busy = check.isPending || apply.isPending;
  const ready = report !== null && props.canApply(report);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {props.intro}
      </Text>
      {fields.map((field, index) => (
        <Input.Wrapper key={field.name} id={`${ids}-${index}`} label={field.label} description={field.description}>
          <input
            id={`${ids}-${index}`}
            type="file"
            accept={field.accept}
            onChange={pick(field.name)}
            disabled={busy}
            style={{ display: 'block', marginTop: 6, maxWidth: '100%' }}
          />
        </Input.Wrapper>
      ))}
      <Group>
        <Button
          variant="default"
          onClick={() => void run(true)}
          disabled={!chosen || apply.isPending}
          loading={check.isPending}
        >
          {props.checkLabel}
        </Button>
      </Group>
      {report !== null && props.report(report, refusal)}
      {failure && (
        <Text c="red" size="sm" role="alert">
          {failure}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={props.onClose}>
          Cancel
        </Button>
        <Button onClick={() => void run(false)} disabled={!ready || check.isPending} loading={apply.isPending}>
          {props.applyLabel(ready ? report : null)}
        </Button>
      </Group>
    </Stack>
  );
}
