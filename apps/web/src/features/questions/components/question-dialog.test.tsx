import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUESTION_MESSAGES } from '@valence/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { QUESTION_TEXTS } from '../messages';
import { question, stubApi } from '../test-api';
import { QuestionDialog } from './question-dialog';

afterEach(() => {
  vi.restoreAllMocks();
});

const LETTERS = ['A', 'B', 'C', 'D', 'E'];

function setup(routes: Parameters<typeof stubApi>[0] = {}, editing: ReturnType<typeof question> | null = null) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const api = stubApi({
    'POST /api/v1/exams/5/mcq-questions': { status: 201, body: question(9, 'Saved') },
    'PUT /api/v1/exams/5/mcq-questions/3': { body: question(3, 'Saved') },
    ...routes,
  });
  const onClose = vi.fn();
  renderWithProviders(<QuestionDialog examId={5} question={editing} onClose={onClose} />);
  const dialog = screen.getByRole('dialog');
  return { ...api, onClose, dialog, user: userEvent.setup() };
}

/** Pasting, not typing: user-event reads `{` as the start of a key name. */
async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, text: string, correct = 'B') {
  await user.click(within(dialog).getByLabelText(/Question text/));
  await user.paste(text);
  for (const letter of LETTERS) {
    await user.click(within(dialog).getByLabelText(`Option ${letter}`));
    await user.paste(`Answer ${letter}`);
  }
  await user.click(within(dialog).getByRole('radio', { name: `Option ${correct} is correct` }));
}

describe('QuestionDialog', { timeout: 20_000 }, () => {
  it("shows the contract's messages for an empty question and sends nothing", async () => {
    const { dialog, forms, user } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Add Question' }));
    expect(await within(dialog).findByText(QUESTION_MESSAGES.textOrImage)).toBeInTheDocument();
    expect(within(dialog).getByText(QUESTION_MESSAGES.options)).toBeInTheDocument();
    expect(within(dialog).getByText(QUESTION_MESSAGES.oneCorrect)).toBeInTheDocument();
    expect(forms).toEqual([]);
  });

  it('previews the question and an option with notation while typing', async () => {
    const { dialog, user } = setup();
    await user.click(within(dialog).getByLabelText(/Question text/));
    await user.paste('Which is \\ce{H2SO4}?');
    const preview = within(dialog).getByRole('group', { name: 'Preview of the question' });
    await waitFor(() => expect(preview.querySelector('.katex')).not.toBeNull());
    expect(within(dialog).queryByRole('group', { name: 'Preview of option A' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Option A'));
    await user.paste('$\\Delta H < 0$');
    const option = within(dialog).getByRole('group', { name: 'Preview of option A' });
    await waitFor(() => expect(option.querySelector('.katex')).not.toBeNull());
  });

  it('adds the question as multipart and closes', async () => {
    const { dialog, forms, onClose, user } = setup();
    await fill(user, dialog, '  Which gas is evolved?  ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Question' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(forms).toHaveLength(1);
    const [sent] = forms;
    expect(sent?.path).toBe('/api/v1/exams/5/mcq-questions');
    expect(JSON.parse(sent?.form.get('questionDTO') as string)).toEqual({
      questionText: 'Which gas is evolved?',
      options: LETTERS.map((letter) => ({ optionText: `Answer ${letter}`, isCorrect: letter === 'B' })),
    });
    expect(sent?.form.has('questionImageFile')).toBe(false);
  });

  it("shows the server's reason inside the dialog and keeps the input", async () => {
    const reason = "This exam's content has been deleted.";
    const { dialog, onClose, user } = setup({
      'POST /api/v1/exams/5/mcq-questions': { status: 409, body: { message: reason } },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await fill(user, dialog, 'Kept text');
    await user.click(within(dialog).getByRole('button', { name: 'Add Question' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
    expect(within(dialog).getByLabelText(/Question text/)).toHaveValue('Kept text');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says to check the console when the server gives no reason, and logs the failure', async () => {
    const { dialog, user } = setup({ 'POST /api/v1/exams/5/mcq-questions': { status: 500, body: {} } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await fill(user, dialog, 'Text');
    await user.click(within(dialog).getByRole('button', { name: 'Add Question' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(QUESTION_TEXTS.saveFailed);
    expect(logged).toHaveBeenCalledWith('Failed to save question', expect.anything());
  });

  it('edits a stored question, and can drop its picture', async () => {
    const stored = question(3, null, 2, '/api/files/q3.png?sig=x');
    const { dialog, forms, onClose, user } = setup({}, stored);
    expect(within(dialog).getByLabelText('Option C')).toHaveValue('Option C of 3');
    expect(within(dialog).getByRole('radio', { name: 'Option C is correct' })).toBeChecked();
    expect(within(dialog).getByRole('img', { name: 'Current question' })).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Remove image'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    // Without text or picture the question is incomplete.
    expect(await within(dialog).findByText(QUESTION_MESSAGES.textOrImage)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/Question text/));
    await user.paste('Now with text');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(forms[0]?.method).toBe('PUT');
    expect(JSON.parse(forms[0]?.form.get('questionDTO') as string)).toMatchObject({
      questionText: 'Now with text',
      removeImage: true,
    });
  });

  it('warns before a new correct option re-scores those who answered, and saves only once confirmed', async () => {
    const stored = question(3, 'Which gas?', 0);
    const { dialog, forms, onClose, user, calls } = setup(
      { 'GET /api/v1/exams/5/mcq-questions/3/answered': { body: { count: 8 } } },
      stored,
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Option B is correct' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const warning = await screen.findByText(
      '8 students have answered this question; their scores will be recalculated.',
    );
    expect(forms).toEqual([]);
    await user.click(within(warning.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(warning).not.toBeInTheDocument());
    expect(forms).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await user.click(await screen.findByRole('button', { name: 'Save and recalculate' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(forms).toHaveLength(1);
    expect(JSON.parse(forms[0]?.form.get('questionDTO') as string).options[1]).toMatchObject({ isCorrect: true });
    expect(calls.filter((call) => call.path.endsWith('/answered'))).toHaveLength(2);
  });

  it('asks nothing when the correct option stays, or when nobody has answered', async () => {
    const stored = question(3, 'Which gas?', 0);
    const { dialog, forms, onClose, user, calls } = setup(
      { 'GET /api/v1/exams/5/mcq-questions/3/answered': { body: { count: 0 } } },
      stored,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.path.endsWith('/answered'))).toHaveLength(0);
    await user.click(within(dialog).getByRole('radio', { name: 'Option C is correct' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(forms).toHaveLength(2));
    expect(screen.queryByText(/their scores will be recalculated/)).not.toBeInTheDocument();
  });
});
