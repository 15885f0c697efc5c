import { Alert, Badge, Button, Group, Input, List, Paper, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import {
  type ImportedQuestion,
  QUESTION_IMAGES_ACCEPT,
  QUESTION_IMPORT_ACCEPT,
  QUESTION_IMPORT_LIMITS,
  type QuestionImportReport,
} from '@valence/contract';
import { type ChangeEvent, useId, useState } from 'react';
import { ChemText } from '../../../components/chem-text';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useSingleFlight } from '../../../lib/single-flight';
import {
  type ImportQuestionsVariables,
  refusedReport,
  useCheckImport,
  useImportQuestions,
} from '../api/import-questions';
import { LETTERS } from '../model/question-draft';
import { serverMessage } from '../model/server-message';

export const IMPORT_TEXTS = {
  checkFailed: 'The file could not be checked. Please try again.',
  importFailed: 'The questions could not be imported. Please try again.',
  ready: (count: number) =>
    `${count} question${count === 1 ? '' : 's'} read without a problem. Nothing is saved until you import.`,
  empty: 'The file holds no questions.',
  refused: 'Nothing was saved. Fix the problems below in the file, then check it again.',
  fix: 'Fix the problems below in the file, then check it again.',
  more: (count: number) =>
    `…and ${count.toLocaleString('en')} more ${count === 1 ? 'problem' : 'problems'} in the file, not listed here.`,
} as const;

const FORMAT_NAMES: Record<QuestionImportReport['format'], string> = {
  csv: 'CSV',
  xlsx: 'XLSX',
  aiken: 'Aiken',
  gift: 'GIFT',
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

type ImportQuestionsDialogProps = { examId: number; opened: boolean; onClose: () => void };

/**
 * 'Import questions': a question file (CSV, XLSX, Aiken or GIFT) and, optionally, a zip of its
 * pictures. 'Check file' reads it without saving and shows every question as it will look, formulas
 * rendered, with its problems; only a report without a problem can be imported. A report belongs to
 * the files it was made from, so choosing another file asks for a new check.
 */
export function ImportQuestionsDialog({ examId, opened, onClose }: ImportQuestionsDialogProps) {
  return (
    <ResponsiveModal opened={opened} onClose={onClose} title="Import questions" size="xl">
      {/* Mounted only while open, so each opening starts with no file and no report. */}
      {opened && <ImportForm examId={examId} onClose={onClose} />}
    </ResponsiveModal>
  );
}

function ImportForm({ examId, onClose }: { examId: number; onClose: () => void }) {
  const check = useCheckImport();
  const save = useImportQuestions();
  const fileId = useId();
  const imagesId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);
  const [report, setReport] = useState<QuestionImportReport | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const forget = () => {
    setReport(null);
    setRefusal(null);
    setFailure(null);
    check.reset();
    save.reset();
  };
  const pick = (set: (file: File | null) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.currentTarget.files?.[0] ?? null);
    forget();
  };

  const run = useSingleFlight(async (dryRun: boolean) => {
    if (!file) return;
    const variables: ImportQuestionsVariables = { examId, file, images };
    setFailure(null);
    try {
      if (dryRun) {
        setReport(await check.mutateAsync(variables));
        setRefusal(null);
      } else {
        await save.mutateAsync(variables);
        onClose();
      }
    } catch (error) {
      const refused = refusedReport(error);
      if (refused) {
        setReport(refused);
        setRefusal(refused.message);
        return;
      }
      setFailure(serverMessage(error) ?? (dryRun ? IMPORT_TEXTS.checkFailed : IMPORT_TEXTS.importFailed));
    }
  });

  const count = report?.questions.length ?? 0;
  const ready = report !== null && report.problemCount === 0 && count > 0;
  const busy = check.isPending || save.isPending;

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        CSV or XLSX with the columns question, option1 to option5, correct (1–5 or A–E) and, optionally, image; an Aiken
        text file; or GIFT multiple choice. Formulas such as {'\\ce{H2SO4}'} are kept as written. At most{' '}
        {QUESTION_IMPORT_LIMITS.questions} questions.
      </Text>
      <Input.Wrapper id={fileId} label="Question file" description="CSV, XLSX, Aiken (.txt) or GIFT (.gift, .txt)">
        <input
          id={fileId}
          type="file"
          accept={QUESTION_IMPORT_ACCEPT}
          onChange={pick(setFile)}
          disabled={busy}
          style={{ display: 'block', marginTop: 6, maxWidth: '100%' }}
        />
      </Input.Wrapper>
      <Input.Wrapper
        id={imagesId}
        label="Images (optional)"
        description={`A .zip of the pictures the file names, at most ${QUESTION_IMPORT_LIMITS.imagesMaxBytes / 1024 / 1024} MB`}
      >
        <input
          id={imagesId}
          type="file"
          accept={QUESTION_IMAGES_ACCEPT}
          onChange={pick(setImages)}
          disabled={busy}
          style={{ display: 'block', marginTop: 6, maxWidth: '100%' }}
        />
      </Input.Wrapper>
      <Group>
        <Button
          variant="default"
          onClick={() => void run(true)}
          disabled={!file || save.isPending}
          loading={check.isPending}
        >
          Check file
        </Button>
      </Group>
      {report && <ImportReport report={report} refusal={refusal} />}
      {failure && (
        <Text c="red" size="sm" role="alert">
          {failure}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void run(false)} disabled={!ready || check.isPending} loading={save.isPending}>
          {ready ? `Import ${plural(count, 'question')}` : 'Import questions'}
        </Button>
      </Group>
    </Stack>
  );
}

function ImportReport({ report, refusal }: { report: QuestionImportReport; refusal: string | null }) {
  const clean = report.problemCount === 0;
  return (
    <Stack gap="sm" component="section" aria-label="Import report">
      {clean ? (
        <Alert color={report.questions.length > 0 ? 'green' : 'orange'} role="status">
          {report.questions.length > 0 ? IMPORT_TEXTS.ready(report.questions.length) : IMPORT_TEXTS.empty} (
          {FORMAT_NAMES[report.format]})
        </Alert>
      ) : (
        <Alert color="red" title={`${plural(report.problemCount, 'problem')} found`}>
          {/* The server's sentence already says nothing was saved; without one the screen says so. */}
          {refusal && <Text size="sm">{refusal}</Text>}
          <Text size="sm">{refusal ? IMPORT_TEXTS.fix : IMPORT_TEXTS.refused}</Text>
        </Alert>
      )}
      {report.problems.length > 0 && (
        <Paper withBorder p="sm" component="section" aria-label="Problems with the file">
          <Text fw={600} size="sm">
            Problems with the file
          </Text>
          <List size="sm" c="red">
            {report.problems.map((problem) => (
              // The same sentence may repeat for different lines, so the place is part of the key.
              <List.Item key={`${problem.row}:${problem.line}:${problem.message}`}>{problem.message}</List.Item>
            ))}
          </List>
          {report.unlistedProblems > 0 && (
            <Text size="sm" c="red" mt={4}>
              {IMPORT_TEXTS.more(report.unlistedProblems)}
            </Text>
          )}
        </Paper>
      )}
      {report.questions.map((question) => (
        <ImportedQuestionCard key={question.number} question={question} />
      ))}
    </Stack>
  );
}

/** Where a question was read: 'Row 3' of a spreadsheet, 'Line 12' of a text file. */
const placeOf = ({ row, line }: ImportedQuestion) =>
  row !== null ? `Row ${row}` : line !== null ? `Line ${line}` : null;

/** One question as the file gives it, laid out as the question list will show it once imported. */
function ImportedQuestionCard({ question }: { question: ImportedQuestion }) {
  const place = placeOf(question);
  // Always five places, so a missing option shows as missing rather than as a shorter list.
  const options = LETTERS.map((_, index) => question.options[index] ?? '');
  return (
    <Paper
      withBorder
      p="sm"
      component="article"
      aria-label={`Question ${question.number}`}
      style={question.problems.length > 0 ? { borderColor: 'var(--mantine-color-red-5)' } : undefined}
    >
      <Stack gap={6}>
        <Group gap="xs" justify="space-between">
          <Text fw={700}>Question {question.number}</Text>
          {place && (
            <Text size="xs" c="dimmed">
              {place}
            </Text>
          )}
        </Group>
        {question.questionText && (
          <Text component="div" style={{ minWidth: 0 }}>
            <ChemText text={question.questionText} />
          </Text>
        )}
        {question.image && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Picture: {question.image}
          </Text>
        )}
        <Stack component="ol" gap={4} aria-label="Options" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {options.map((option, index) => {
            const correct = question.correctIndex === index;
            return (
              <Group
                component="li"
                key={LETTERS[index]}
                gap="xs"
                wrap="nowrap"
                align="flex-start"
                p={2}
                bg={correct ? 'green.0' : undefined}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Text fw={600} style={{ flexShrink: 0 }}>
                  {LETTERS[index]}.
                </Text>
                <Text component="div" fw={correct ? 600 : undefined} style={{ flex: 1, minWidth: 0 }}>
                  {option.trim() ? (
                    <ChemText text={option} />
                  ) : (
                    <Text span c="dimmed" fs="italic">
                      (empty)
                    </Text>
                  )}
                </Text>
                {correct && (
                  <Badge color="green" leftSection={<IconCheck size={12} aria-hidden />} style={{ flexShrink: 0 }}>
                    Correct
                  </Badge>
                )}
              </Group>
            );
          })}
        </Stack>
        {question.problems.length > 0 && (
          <List size="sm" c="red" aria-label={`Problems with question ${question.number}`}>
            {question.problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
