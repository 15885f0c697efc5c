import { Alert, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { BulkReturnReport } from '@valence/contract';
import { type ReactNode, useState } from 'react';
import { CheckThenApply } from '../../../components/check-then-apply';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { ApiError } from '../../../lib/api-client';
import { refusedReport, useCheckMarkedPapers, useReturnMarkedPapers } from '../api/return-marked-papers';
import { MARKED_PAPER_TEXTS as TEXTS } from '../messages';

type DialogProps = { examId: number; opened: boolean; onClose: () => void };

/**
 * 'Return marked papers': pick a zip → the dry run's report (what matched whom, what did not, which
 * scripts got no paper, which papers replace one, marks.csv's lines and errors) → 'Apply' → what
 * was done. A report belongs to the zip it was made from: choosing another asks for a new check.
 */
export function ReturnMarkedPapersDialog({ examId, opened, onClose }: DialogProps) {
  return (
    <ResponsiveModal opened={opened} onClose={onClose} title={TEXTS.title} size="xl">
      {/* Mounted only while open, so each opening starts again from the zip. */}
      {opened && <ReturnSteps examId={examId} onClose={onClose} />}
    </ResponsiveModal>
  );
}

/** The server's sentence when it gave one (a file that is not a zip says so), else `fallback`. */
const reasonOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message && !/^Request failed \(\d+\)\.$/.test(error.message)
    ? error.message
    : fallback;

const ZIP_FILE = [{ name: 'zip', label: TEXTS.zipLabel, description: '.zip', accept: '.zip,application/zip' }] as const;

function ReturnSteps({ examId, onClose }: { examId: number; onClose: () => void }) {
  const check = useCheckMarkedPapers();
  const apply = useReturnMarkedPapers();
  const [result, setResult] = useState<BulkReturnReport | null>(null);

  if (result)
    return (
      <Stack>
        <Alert color="green" role="status">
          {TEXTS.done(result.applied)}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );

  return (
    <CheckThenApply<'zip', BulkReturnReport, BulkReturnReport>
      intro={TEXTS.intro}
      files={ZIP_FILE}
      check={{ ...check, mutateAsync: ({ zip }) => check.mutateAsync({ examId, zip: zip as File }) }}
      apply={{ ...apply, mutateAsync: ({ zip }) => apply.mutateAsync({ examId, zip: zip as File }) }}
      refused={(error) => {
        const refused = refusedReport(error);
        return refused && { report: refused, failure: TEXTS.refused };
      }}
      failureOf={(error, dryRun) => reasonOf(error, dryRun ? TEXTS.checkFailed : TEXTS.applyFailed)}
      report={(report) => <ReturnReport report={report} />}
      canApply={(report) =>
        (report.marks?.errors.length ?? 0) === 0 && report.matched.length + (report.marks?.rows ?? 0) > 0
      }
      checkLabel={TEXTS.check}
      applyLabel={() => TEXTS.apply}
      onApplied={setResult}
      onClose={onClose}
    />
  );
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Group gap="xs" mb={count > 0 ? 'xs' : 0}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Badge variant="light" color={count > 0 ? 'blue' : 'gray'}>
          {count}
        </Badge>
      </Group>
      {count > 0 && children}
    </Paper>
  );
}

const wrap = { overflowWrap: 'anywhere' } as const;

function NameList({ names }: { names: string[] }) {
  return (
    <Text size="sm" style={wrap}>
      {names.join(', ')}
    </Text>
  );
}

function ReturnReport({ report }: { report: BulkReturnReport }) {
  const replaced = new Set(report.alreadyMarked);
  const marks = report.marks;
  const errors = marks?.errors ?? [];
  return (
    <Stack gap="sm" component="section" aria-label="Zip report">
      {errors.length > 0 ? (
        <Alert color="red" title={`marks.csv: ${errors.length} error${errors.length === 1 ? '' : 's'}`}>
          {TEXTS.marksErrors}
        </Alert>
      ) : report.matched.length + (marks?.rows ?? 0) === 0 ? (
        <Alert color="orange">{TEXTS.nothing}</Alert>
      ) : (
        <Alert color="green" role="status">
          {TEXTS.ready(report.matched.length, marks?.rows ?? 0)}
        </Alert>
      )}
      <Section title="Matched" count={report.matched.length}>
        <Table.ScrollContainer minWidth={320} mah={260}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>Student</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.matched.map((row) => (
                <Table.Tr key={row.file}>
                  <Table.Td style={wrap}>{row.file}</Table.Td>
                  <Table.Td>{row.username}</Table.Td>
                  <Table.Td>
                    {replaced.has(row.username) && (
                      <Badge color="orange" variant="light">
                        Replaces marked paper
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Section title="Already marked (will be replaced)" count={report.alreadyMarked.length}>
        <NameList names={report.alreadyMarked} />
      </Section>
      <Section title="Unmatched files" count={report.unmatchedFiles.length}>
        <NameList names={report.unmatchedFiles} />
      </Section>
      <Section title="Scripts with no file" count={report.scriptsWithoutFile.length}>
        <NameList names={report.scriptsWithoutFile} />
      </Section>
      {marks && (
        <Section title="marks.csv" count={marks.rows}>
          {errors.length > 0 ? (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>Problem</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.map((error) => (
                  <Table.Tr key={`${error.line}:${error.message}`}>
                    <Table.Td>{error.line}</Table.Td>
                    <Table.Td c="red">{error.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm">
              {marks.rows} line{marks.rows === 1 ? '' : 's'}, no errors.
            </Text>
          )}
        </Section>
      )}
    </Stack>
  );
}
