import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUESTION_MESSAGES } from '@valence/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { QUESTION_TEXTS } from '../messages';
import { question, stubApi } from '../test-api';
import { BulkQuestionForm } from './bulk-question-form';

afterEach(() => {
  vi.restoreAllMocks();
});

const LETTERS = ['A', 'B', 'C', 'D', 'E'];
type User = ReturnType<typeof userEvent.setup>;

function setup(answer: { status?: number; body?: unknown } = {}) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const api = stubApi({
    'POST /api/v1/exams/5/mcq-questions/bulk': {
      status: 201,
      body: [question(11, 'a'), question(12, 'b'), question(13, 'c')],
      ...answer,
    },
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  renderWithProviders(<BulkQuestionForm examId={5} />);
  return { ...api, user: userEvent.setup() };
}

const card = (n: number) => screen.getByRole('region', { name: `New question ${n}` });

async function fill(user: User, n: number, { text = '', options = LETTERS.length, correct = '' as string }) {
  const section = card(n);
  if (text) {
    await user.click(within(section).getByLabelText(/Question text/));
    await user.paste(text);
  }
  for (const letter of LETTERS.slice(0, options)) {
    await user.click(within(section).getByLabelText(`Option ${letter}`));
    await user.paste(`Q${n} ${letter}`);
  }
  if (correct) await user.click(within(section).getByRole('radio', { name: `Option ${correct} is correct` }));
}

const save = (user: User) => user.click(screen.getByRole('button', { name: 'Save all questions' }));

// A whole form of inputs typed into, one key at a time, is slow on a loaded machine.
describe('BulkQuestionForm', { timeout: 20_000 }, () => {
  it('starts with one question that cannot be removed, and adds and removes others', async () => {
    const { user } = setup();
    expect(screen.getAllByRole('region', { name: /^New question/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add another question' }));
    await user.click(screen.getByRole('button', { name: 'Add another question' }));
    await fill(user, 3, { text: 'Third', options: 0 });
    await user.click(screen.getByRole('button', { name: 'Remove question 2' }));
    expect(screen.getAllByRole('region', { name: /^New question/ })).toHaveLength(2);
    expect(within(card(2)).getByLabelText(/Question text/)).toHaveValue('Third');
  });

  it('shows each numbered problem beside its question and sends nothing', async () => {
    const { forms, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add another question' }));
    await fill(user, 1, { text: 'Complete except one option', options: 4, correct: 'A' });
    await save(user);
    expect(await within(card(1)).findByText(QUESTION_MESSAGES.bulkOptions(1))).toBeInTheDocument();
    expect(within(card(1)).queryByText(QUESTION_MESSAGES.bulkCorrect(1))).not.toBeInTheDocument();
    const second = card(2);
    expect(within(second).getByText('Question 2: Question text or image file is required.')).toBeInTheDocument();
    expect(within(second).getByText('Question 2: All 5 answer options must be filled.')).toBeInTheDocument();
    expect(within(second).getByText('Question 2: A correct option must be selected.')).toBeInTheDocument();
    expect(forms).toEqual([]);
  });

  it('sends one multipart: the questions as JSON and one image part per question, placeholders included', async () => {
    const { forms, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add another question' }));
    await user.click(screen.getByRole('button', { name: 'Add another question' }));
    await fill(user, 1, { text: 'Balance \\ce{H2 + O2 -> H2O}', correct: 'A' });
    const picture = new File(['png-bytes'], 'cell.png', { type: 'image/png' });
    const fileInput = card(2).querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(fileInput, picture);
    await fill(user, 2, { correct: 'C' });
    await fill(user, 3, { text: 'Third', correct: 'E' });
    await save(user);

    expect(await screen.findByRole('status')).toHaveTextContent('3 questions added successfully');
    expect(forms).toHaveLength(1);
    const sent = forms[0];
    expect(sent?.path).toBe('/api/v1/exams/5/mcq-questions/bulk');
    const options = (n: number, correct: string) =>
      LETTERS.map((letter) => ({ optionText: `Q${n} ${letter}`, isCorrect: letter === correct }));
    expect(JSON.parse(sent?.form.get('questions') as string)).toEqual([
      { questionText: 'Balance \\ce{H2 + O2 -> H2O}', options: options(1, 'A') },
      { questionText: null, options: options(2, 'C') },
      { questionText: 'Third', options: options(3, 'E') },
    ]);
    const images = sent?.form.getAll('questionImageFiles') as File[];
    expect(images.map((image) => [image.name, image.size])).toEqual([
      ['empty', 0],
      ['cell.png', 9],
      ['empty', 0],
    ]);
    // Saved: back to one blank question.
    await waitFor(() => expect(screen.getAllByRole('region', { name: /^New question/ })).toHaveLength(1));
    expect(within(card(1)).getByLabelText(/Question text/)).toHaveValue('');
  });

  it("shows the server's reasons and keeps every question", async () => {
    const reason = 'Question 1: The image is not a PNG, JPEG, WebP or GIF picture.';
    const { user } = setup({ status: 400, body: { message: reason } });
    await fill(user, 1, { text: 'Kept', correct: 'B' });
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(within(card(1)).getByLabelText(/Question text/)).toHaveValue('Kept');
  });

  it('says to check the inputs when the server gives no reason', async () => {
    const { user } = setup({ status: 500, body: {} });
    await fill(user, 1, { text: 'Kept', correct: 'B' });
    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(QUESTION_TEXTS.bulkFailed);
  });
});
