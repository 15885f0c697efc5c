import { Alert, Button, Group, List, Paper, Stack, Table, Text } from '@mantine/core';
import {
  type ImportedAccount,
  importedAccountsCsv,
  STUDENT_IMPORT_ACCEPT,
  STUDENT_IMPORT_LIMITS,
  type StudentImportReport,
} from '@valence/contract';
import { useState } from 'react';
import { CheckThenApply, moreProblems, plural } from '../../../components/check-then-apply';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { refusedStudentImport, useCheckStudentImport, useImportStudents } from '../api/import-students';

export const STUDENT_IMPORT_TEXTS = {
  checkFailed: 'The file could not be checked. Please try again.',
  importFailed: 'The students could not be imported. Please try again.',
  ready: (count: number) =>
    `${count} student${count === 1 ? '' : 's'} read without a problem. Nobody is created until you import.`,
  refused: 'Nobody was created. Fix the problems below in the file, then check it again.',
  more: moreProblems,
  created: (count: number) => `${count} student${count === 1 ? '' : 's'} imported.`,
  once: 'Generated passwords are shown only now: download the list or copy them before closing.',
} as const;

type ImportStudentsDialogProps = { opened: boolean; onClose: () => void };

/**
 * 'Import students' from a CSV or XLSX file: 'Check file' reads it without creating anyone and lists
 * every row with its problems; only a file without a problem can be imported. The accounts made are
 * then listed with the passwords generated for them, shown this once and downloadable as CSV.
 */
export function ImportStudentsDialog({ opened, onClose }: ImportStudentsDialogProps) {
  return (
    <ResponsiveModal opened={opened} onClose={onClose} title="Import students" size="xl">
      {/* Mounted only while open, so each opening starts with no file, no report and no passwords. */}
      {opened && <ImportForm onClose={onClose} />}
    </ResponsiveModal>
  );
}

const STUDENT_FILE = [
  { name: 'file', label: 'Student file', description: 'CSV or XLSX', accept: STUDENT_IMPORT_ACCEPT },
] as const;

function ImportForm({ onClose }: { onClose: () => void }) {
  const check = useCheckStudentImport();
  const save = useImportStudents();
  const [created, setCreated] = useState<ImportedAccount[] | null>(null);
  if (created) return <CreatedAccounts accounts={created} onClose={onClose} />;
  return (
    <CheckThenApply<'file', StudentImportReport, { created: ImportedAccount[] }>
      intro={
        <>
          CSV or XLSX with the columns username, name, password and course (only username is required). A blank password
          is generated; a course, named by its id or title, enrols the student there. At most{' '}
          {STUDENT_IMPORT_LIMITS.rows} students.
        </>
      }
      files={STUDENT_FILE}
      check={{ ...check, mutateAsync: ({ file }) => check.mutateAsync(file as File) }}
      apply={{ ...save, mutateAsync: ({ file }) => save.mutateAsync(file as File) }}
      refused={(error) => {
        const refused = refusedStudentImport(error);
        return refused && { report: refused, refusal: refused.message };
      }}
      failureOf={(error, dryRun) =>
        errorMessage(error, dryRun ? STUDENT_IMPORT_TEXTS.checkFailed : STUDENT_IMPORT_TEXTS.importFailed)
      }
      report={(report, refusal) => <StudentReport report={report} refusal={refusal} />}
      canApply={(report) => report.problemCount === 0 && report.rows.length > 0}
      checkLabel="Check file"
      applyLabel={(report) => (report ? `Import ${plural(report.rows.length, 'student')}` : 'Import students')}
      onApplied={(result) => setCreated(result.created)}
      onClose={onClose}
    />
  );
}

function StudentReport({ report, refusal }: { report: StudentImportReport; refusal: string | null }) {
  const clean = report.problemCount === 0;
  return (
    <Stack gap="sm" component="section" aria-label="Import report">
      {clean ? (
        <Alert color="green" role="status">
          {STUDENT_IMPORT_TEXTS.ready(report.rows.length)}
        </Alert>
      ) : (
        <Alert color="red" title={`${plural(report.problemCount, 'problem')} found`}>
          <Text size="sm">{refusal ?? STUDENT_IMPORT_TEXTS.refused}</Text>
        </Alert>
      )}
      {(report.problems.length > 0 || report.unlistedProblems > 0) && (
        <Paper withBorder p="sm" component="section" aria-label="Problems with the file">
          <List size="sm" c="red">
            {report.problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
          {report.unlistedProblems > 0 && (
            <Text size="sm" c="red" mt={4}>
              {STUDENT_IMPORT_TEXTS.more(report.unlistedProblems)}
            </Text>
          )}
        </Paper>
      )}
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label="Students in the file" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Username</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Password</Table.Th>
              <Table.Th>Course</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.rows.map((row) => (
              <Table.Tr key={row.row} bg={row.problems.length > 0 ? 'red.0' : undefined}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {row.username}
                  {row.problems.map((problem) => (
                    <Text key={problem} size="xs" c="red">
                      {problem}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td>{row.name ?? ''}</Table.Td>
                <Table.Td>{row.generatePassword ? 'Generated' : 'From the file'}</Table.Td>
                <Table.Td>{row.courseTitle ?? row.course ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function CreatedAccounts({ accounts, onClose }: { accounts: ImportedAccount[]; onClose: () => void }) {
  const generated = accounts.some((account) => account.password !== null);
  const download = () =>
    saveBlob(new Blob([importedAccountsCsv(accounts)], { type: 'text/csv;charset=utf-8' }), 'imported-students.csv');
  return (
    <Stack>
      <Alert color="green" role="status" title={STUDENT_IMPORT_TEXTS.created(accounts.length)}>
        {generated && <Text size="sm">{STUDENT_IMPORT_TEXTS.once}</Text>}
      </Alert>
      <Table.ScrollContainer minWidth={420}>
        <Table aria-label="Imported students" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Username</Table.Th>
              <Table.Th>Password</Table.Th>
              <Table.Th>Course</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{account.username}</Table.Td>
                <Table.Td ff="monospace">{account.password ?? 'as in the file'}</Table.Td>
                <Table.Td>{account.courseTitle ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={download}>
          Download CSV
        </Button>
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}

/** The Students screen's 'Import students' button and its dialog. */
export function ImportStudentsButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Import students
      </Button>
      <ImportStudentsDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
