import { Alert, Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import {
  type ImportedQuestion,
  QUESTION_IMAGES_ACCEPT,
  QUESTION_IMPORT_ACCEPT,
  QUESTION_IMPORT_LIMITS,
  type QuestionImportReport,
} from '@valence/contract';
import { CheckThenApply, moreProblems, plural } from '../../../components/check-then-apply';
import { ChemText } from '../../../components/chem-text';
import { ResponsiveModal } from '../../../components/responsive-modal';
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
  more: moreProblems,
} as const;

const FORMAT_NAMES: Record<QuestionImportReport['format'], string> = {
  csv: 'CSV',
  xlsx: 'XLSX',
  aiken: 'Aiken',
  gift: 'GIFT',
};

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

const QUESTION_FILES = [
  {
    name: 'file',
    label: 'Question file',
    description: 'CSV, XLSX, Aiken (.txt) or GIFT (.gift, .txt)',
    accept: QUESTION_IMPORT_ACCEPT,
  },
  {
    name: 'images',
    label: 'Images (optional)',
    description: `A .zip of the pictures the file names, at most ${QUESTION_IMPORT_LIMITS.imagesMaxBytes / 1024 / 1024} MB`,
    accept: QUESTION_IMAGES_ACCEPT,
  },
] as const;

function ImportForm({ examId, onClose }: { examId: number; onClose: () => void }) {
  const check = useCheckImport();
  const save = useImportQuestions();
  const variables = ({ file, images }: Record<'file' | 'images', File | null>): ImportQuestionsVariables => ({
    examId,
    file: file as File,
    images,
  });
  return (
    <CheckThenApply<'file' | 'images', QuestionImportReport, unknown>
      intro={
        <>
          CSV or XLSX with the columns question, option1 to option5, correct (1–5 or A–E) and, optionally, image; an
          Aiken text file; or GIFT multiple choice. Formulas such as {'\\ce{H2SO4}'} are kept as written. At most{' '}
          {QUESTION_IMPORT_LIMITS.questions} questions.
        </>
      }
      files={QUESTION_FILES}
      check={{ ...check, mutateAsync: (files) => check.mutateAsync(variables(files)) }}
      apply={{ ...save, mutateAsync: (files) => save.mutateAsync(variables(files)) }}
      refused={(error) => {
        const refused = refusedReport(error);
        return refused && { report: refused, refusal: refused.message };
      }}
      failureOf={(error, dryRun) =>
        serverMessage(error) ?? (dryRun ? IMPORT_TEXTS.checkFailed : IMPORT_TEXTS.importFailed)
      }
      report={(report, refusal) => <ImportReport report={report} refusal={refusal} />}
      canApply={(report) => report.problemCount === 0 && report.questions.length > 0}
      checkLabel="Check file"
      applyLabel={(report) => (report ? `Import ${plural(report.questions.length, 'question')}` : 'Import questions')}
      onApplied={onClose}
      onClose={onClose}
    />
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
