import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportedQuestion, QuestionImportRefusal, QuestionImportResult } from '@valence/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { question, stubApi } from '../test-api';
import { ImportQuestionsDialog } from './import-questions-dialog';

afterEach(() => {
  vi.restoreAllMocks();
});

const OPTIONS = ['\\ce{HSO4-}', '\\ce{SO4^2-}', '\\ce{H3SO4+}', '\\ce{H2SO3}', '\\ce{SO3}'];

const read = (number: number, changes: Partial<ImportedQuestion> = {}): ImportedQuestion => ({
  number,
  line: null,
  row: number + 1,
  questionText: `Which is the conjugate base of \\ce{H2SO4}? (${number})`,
  options: OPTIONS,
  correctIndex: 0,
  image: null,
  problems: [],
  ...changes,
});

const clean: QuestionImportResult = {
  format: 'csv',
  questions: [read(1), read(2)],
  problems: [],
  unlistedProblems: 0,
  problemCount: 0,
  dryRun: true,
  saved: [],
};

const refused: QuestionImportRefusal = {
  format: 'csv',
  questions: [
    read(1),
    read(2, { options: OPTIONS.slice(0, 4), problems: ['Question 2: All 5 answer options must be filled.'] }),
  ],
  problems: [{ row: 5, line: null, message: 'Row 5: The correct answer must be 1–5 or A–E.' }],
  unlistedProblems: 0,
  problemCount: 2,
  message: 'The file has 2 problems; nothing was saved.',
};

type Answer = { status?: number; body?: unknown };
const IMPORT = 'POST /api/v1/exams/5/mcq-questions/import';

function setup(dryRun: Answer, save: Answer = { status: 201, body: { ...clean, dryRun: false, saved: [] } }) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const api = stubApi({ [`${IMPORT}?dryRun=true`]: dryRun, [IMPORT]: save });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const onClose = vi.fn();
  const view = renderWithProviders(
    <>
      <StatusOutlet />
      <ImportQuestionsDialog examId={5} opened onClose={onClose} />
    </>,
  );
  return { ...api, ...view, onClose, user: userEvent.setup() };
}

const csv = (name = 'questions.csv') =>
  new File(['question,option1,option2,option3,option4,option5,correct\n'], name, { type: 'text/csv' });

async function check(user: ReturnType<typeof userEvent.setup>, file = csv()) {
  await user.upload(screen.getByLabelText('Question file'), file);
  await user.click(screen.getByRole('button', { name: 'Check file' }));
}

describe('ImportQuestionsDialog', () => {
  it('shows a refused check: the file problems, each question rendered with its own problems, and no import', async () => {
    const { user, forms } = setup({ status: 400, body: refused });
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    await check(user);

    const report = await screen.findByRole('region', { name: 'Import report' });
    expect(within(report).getByText('2 problems found')).toBeInTheDocument();
    expect(within(report).getByText(refused.message)).toBeInTheDocument();
    expect(within(report).getByText('Row 5: The correct answer must be 1–5 or A–E.')).toBeInTheDocument();
    const second = within(report).getByRole('article', { name: 'Question 2' });
    expect(within(second).getByText('Question 2: All 5 answer options must be filled.')).toBeInTheDocument();
    expect(within(second).getByText('(empty)')).toBeInTheDocument();
    expect(within(second).getByText('Row 3')).toBeInTheDocument();
    const first = within(report).getByRole('article', { name: 'Question 1' });
    expect(within(first).queryByRole('list', { name: /Problems/ })).not.toBeInTheDocument();
    // The correct option is marked in words, and the notation is typeset.
    const correct = within(first).getByText('Correct').closest('li') as HTMLElement;
    expect(within(correct).getByText('A.')).toBeInTheDocument();
    await waitFor(() => expect(first.querySelector('.katex')).not.toBeNull());

    expect(screen.getByRole('button', { name: 'Import questions' })).toBeDisabled();
    expect(forms.map((sent) => sent.path)).toEqual(['/api/v1/exams/5/mcq-questions/import?dryRun=true']);
    expect((forms[0]?.form.get('file') as File | undefined)?.name).toBe('questions.csv');
    expect(forms[0]?.form.get('images')).toBeNull();
  });

  it('says how many of the file’s problems the report leaves out', async () => {
    const many: QuestionImportRefusal = {
      ...refused,
      problems: Array.from({ length: 200 }, (_, i) => ({
        row: i + 2,
        line: null,
        message: `Row ${i + 2}: correct must be a number from 1 to 5 or a letter from A to E, not "9".`,
      })),
      unlistedProblems: 267_492,
      problemCount: 267_694,
    };
    const { user } = setup({ status: 400, body: many });
    await check(user);
    const file = await screen.findByRole('region', { name: 'Problems with the file' });
    expect(within(file).getAllByRole('listitem')).toHaveLength(200);
    expect(within(file).getByText('…and 267,492 more problems in the file, not listed here.')).toBeInTheDocument();
    expect(screen.getByText('267694 problems found')).toBeInTheDocument();
  });

  it('imports a clean report with the same files, then closes and says how many were imported', async () => {
    const { user, forms, onClose, queryClient } = setup(
      { body: clean },
      { status: 201, body: { ...clean, dryRun: false, saved: [question(11, 'a'), question(12, 'b')] } },
    );
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.upload(screen.getByLabelText('Images (optional)'), new File(['zip'], 'pictures.zip'));
    await check(user);

    const report = await screen.findByRole('region', { name: 'Import report' });
    expect(within(report).getByRole('status')).toHaveTextContent('2 questions read without a problem');
    await user.click(screen.getByRole('button', { name: 'Import 2 questions' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(forms.map((sent) => sent.path)).toEqual([
      '/api/v1/exams/5/mcq-questions/import?dryRun=true',
      '/api/v1/exams/5/mcq-questions/import',
    ]);
    const sent = forms[1]?.form;
    expect((sent?.get('file') as File | undefined)?.name).toBe('questions.csv');
    expect((sent?.get('images') as File | undefined)?.name).toBe('pictures.zip');
    // The exam and its questions (both under its detail key) are read again.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['exams', 5] });
    // Said on the page's status line, which stays when the dialog goes.
    expect(await screen.findByText('2 questions imported.')).toBeInTheDocument();
  });

  it('imports once on a double click: the button is disabled while it runs, and the request carries a key', async () => {
    const { user, onClose } = setup({ body: clean });
    await check(user);
    const stubbed = globalThis.fetch;
    let answer: (response: Response) => void = () => {};
    const sent: (string | null)[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('/mcq-questions/import')) return stubbed(input, init);
      sent.push(new Headers(init?.headers).get('Idempotency-Key'));
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    const button = await screen.findByRole('button', { name: 'Import 2 questions' });
    // Both clicks land before React draws again, as a quick double click on a busy phone does.
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^[0-9a-f]{32}$/);
    answer(
      new Response(JSON.stringify({ ...clean, dryRun: false, saved: [] }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent).toHaveLength(1);
  });

  it('a file chosen after the check needs a new check before it can be imported', async () => {
    const { user } = setup({ body: clean });
    await check(user);
    await screen.findByRole('button', { name: 'Import 2 questions' });
    await user.upload(screen.getByLabelText('Question file'), csv('other.csv'));
    expect(screen.queryByRole('region', { name: 'Import report' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import questions' })).toBeDisabled();
  });

  it('shows the report a refused import answers (400) and stays open with nothing closed', async () => {
    const { user, onClose } = setup({ body: clean }, { status: 400, body: refused });
    await check(user);
    await user.click(await screen.findByRole('button', { name: 'Import 2 questions' }));
    const report = await screen.findByRole('region', { name: 'Import report' });
    expect(await within(report).findByText('Question 2: All 5 answer options must be filled.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import questions' })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("gives the server's reason for any other refusal", async () => {
    const reason = 'Questions cannot be changed once students have submitted this exam.';
    const { user } = setup({ status: 409, body: { message: reason } });
    await check(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.queryByRole('region', { name: 'Import report' })).not.toBeInTheDocument();
  });
});
