import {
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MCQ_EXAM_SEARCH_LIMIT, type McqExamFound, type McqQuestion, SEARCH_DEBOUNCE_MS } from '@valence/contract';
import { type FormEvent, useState } from 'react';
import { ChemText } from '../../../components/chem-text';
import { FormDialog } from '../../../components/form-dialog';
import { ListView, QueryView } from '../../../components/query-view';
import { useSingleFlight } from '../../../lib/single-flight';
import { useCopyQuestions } from '../api/copy-questions';
import { useQuestions } from '../api/get-questions';
import { useMcqExamSearch } from '../api/search-mcq-exams';
import { LETTERS } from '../model/question-draft';
import { serverMessage } from '../model/server-message';

export const COPY_TEXTS = {
  title: 'Copy from another paper',
  searchFailed: 'Failed to search the papers. Please try again.',
  questionsFailed: "Failed to load that paper's questions. Please try again.",
  copyFailed: 'Failed to copy questions. Please try again.',
  noMatch: 'No MCQ paper matches that search.',
  noQuestions: 'This paper has no questions to copy.',
} as const;

const questionsText = (count: number) => `${count} question${count === 1 ? '' : 's'}`;

type CopyQuestionsDialogProps = {
  /** The exam the questions are copied onto. */
  examId: number;
  opened: boolean;
  onClose: () => void;
};

/**
 * 'Copy from another paper': find an MCQ exam of any course by title or identifier, tick all or
 * some of its questions, copy them onto the end of this exam. Mounted only while open, so each
 * opening starts with a fresh search and nothing ticked.
 */
export function CopyQuestionsDialog({ examId, opened, onClose }: CopyQuestionsDialogProps) {
  return opened ? <CopyQuestionsForm examId={examId} onClose={onClose} /> : null;
}

function CopyQuestionsForm({ examId, onClose }: Omit<CopyQuestionsDialogProps, 'opened'>) {
  const copy = useCopyQuestions();
  const [source, setSource] = useState<McqExamFound | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());

  function pick(exam: McqExamFound | null) {
    setSource(exam);
    setChosen(new Set());
    copy.reset();
  }

  const copyOnce = useSingleFlight(async () => {
    if (!source || chosen.size === 0 || copy.isPending) return;
    try {
      await copy.mutateAsync({ examId, fromExamId: source.id, questionIds: [...chosen] });
      onClose();
    } catch {
      // Shown above the buttons; the paper and the ticks stay for another try.
    }
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void copyOnce();
  }

  return (
    <FormDialog
      title={COPY_TEXTS.title}
      size="lg"
      fullScreenOnPhone
      onClose={onClose}
      onSubmit={submit}
      error={copy.isError && (serverMessage(copy.error) ?? COPY_TEXTS.copyFailed)}
      submitLabel={`Copy ${questionsText(chosen.size)}`}
      pending={copy.isPending}
      disabled={chosen.size === 0}
    >
      {source ? (
        <SourceQuestions source={source} chosen={chosen} onChange={setChosen} onBack={() => pick(null)} />
      ) : (
        <PaperSearch examId={examId} onPick={pick} />
      )}
    </FormDialog>
  );
}

/** A search box and the papers it finds (this exam left out), each a button that picks it. */
function PaperSearch({ examId, onPick }: { examId: number; onPick: (exam: McqExamFound) => void }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useMcqExamSearch(q);
  // The paper being filled is never offered as its own source.
  const others = (papers: McqExamFound[]) => papers.filter((exam) => exam.id !== examId);

  return (
    <Stack gap="sm">
      <TextInput
        label="Search papers"
        description="By title or exam identifier, in any course"
        placeholder="e.g. Kinetics or CHEM101_FINAL"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        rightSection={found.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
        data-autofocus
      />
      <QueryView
        query={found}
        loadingLabel="Searching"
        errorText={COPY_TEXTS.searchFailed}
        isEmpty={(data) => others(data).length === 0}
        emptyText={COPY_TEXTS.noMatch}
      >
        {(data) => (
          <Stack gap={6} component="ul" aria-label="Papers found" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {others(data).map((exam) => (
              <li key={exam.id}>
                <UnstyledButton onClick={() => onPick(exam)} w="100%" disabled={exam.questionCount === 0}>
                  <Paper withBorder p="xs" style={{ opacity: exam.questionCount === 0 ? 0.55 : 1 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      <ChemText text={exam.title} />
                    </Text>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {exam.examIdentifier} · <ChemText text={exam.courseTitle} /> · {questionsText(exam.questionCount)}
                    </Text>
                  </Paper>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </QueryView>
      {(found.data?.length ?? 0) >= MCQ_EXAM_SEARCH_LIMIT && (
        <Text size="xs" c="dimmed">
          Showing the {MCQ_EXAM_SEARCH_LIMIT} newest papers that match; type more to narrow.
        </Text>
      )}
    </Stack>
  );
}

type SourceQuestionsProps = {
  source: McqExamFound;
  chosen: Set<number>;
  onChange: (chosen: Set<number>) => void;
  onBack: () => void;
};

/** The picked paper's questions, each with a tick box, and 'Select all'. */
function SourceQuestions({ source, chosen, onChange, onBack }: SourceQuestionsProps) {
  const questions = useQuestions(source.id);
  const list = questions.data ?? [];
  const all = list.length > 0 && list.every((question) => chosen.has(question.id));

  function toggle(id: number, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  }

  return (
    <Stack gap="sm">
      {/* At phone width the button goes under the paper's name rather than being cut off. */}
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            <ChemText text={source.title} />
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {source.examIdentifier} · <ChemText text={source.courseTitle} />
          </Text>
        </div>
        <Button variant="subtle" size="compact-sm" onClick={onBack}>
          Choose another paper
        </Button>
      </Group>
      <ListView
        query={questions}
        loadingLabel="Loading questions"
        errorText={COPY_TEXTS.questionsFailed}
        emptyText={COPY_TEXTS.noQuestions}
      >
        {() => (
          <>
            <Checkbox
              label="Select all"
              checked={all}
              indeterminate={!all && chosen.size > 0}
              onChange={(event) =>
                onChange(new Set(event.currentTarget.checked ? list.map((question) => question.id) : []))
              }
            />
            <ScrollArea.Autosize mah="55vh" type="auto" offsetScrollbars>
              <Stack gap="xs">
                {list.map((question, index) => (
                  <QuestionChoice
                    key={question.id}
                    question={question}
                    number={index + 1}
                    checked={chosen.has(question.id)}
                    onChange={(on) => toggle(question.id, on)}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </>
        )}
      </ListView>
    </Stack>
  );
}

type QuestionChoiceProps = {
  question: McqQuestion;
  number: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/** One question to tick: its text with notation rendered, its picture small, its options with the right one named. */
function QuestionChoice({ question, number, checked, onChange }: QuestionChoiceProps) {
  return (
    <Paper withBorder p="xs" component="section" aria-label={`Question ${number} of the paper`}>
      <Checkbox
        label={`Question ${number}`}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        description={
          <Stack gap={4} component="span" mt={4}>
            {question.questionText && (
              <Text component="span" size="sm" c="var(--mantine-color-text)" style={{ overflowWrap: 'anywhere' }}>
                <ChemText text={question.questionText} />
              </Text>
            )}
            {question.questionImageUrl && (
              <img
                src={question.questionImageUrl}
                alt={`Question ${number} of the paper`}
                loading="lazy"
                style={{ display: 'block', maxWidth: 200, maxHeight: 120, objectFit: 'contain' }}
              />
            )}
            {question.options.map((option, i) => (
              <Text component="span" size="xs" key={option.id} fw={option.isCorrect ? 700 : undefined}>
                {LETTERS[i]}. <ChemText text={option.optionText} />
                {option.isCorrect ? ' (correct)' : ''}
              </Text>
            ))}
          </Stack>
        }
      />
    </Paper>
  );
}
