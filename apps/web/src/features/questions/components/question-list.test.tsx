import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUESTION_MESSAGES } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { QUESTION_TEXTS } from '../messages';
import { question, stubApi } from '../test-api';
import { QuestionList } from './question-list';

const QUESTIONS = [
  question(1, 'Which is a strong acid? \\ce{H2SO4} or <img src=x onerror=alert(1)>', 1),
  question(2, null, 4, '/api/files/q2.png?sig=x'),
];

function setup(deleteAnswer: { status?: number; body?: unknown } = { status: 204 }, readOnly = false) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const api = stubApi({
    'GET /api/v1/exams/5/mcq-questions': { body: QUESTIONS },
    'DELETE /api/v1/exams/5/mcq-questions/1': deleteAnswer,
  });
  renderWithProviders(
    <>
      <StatusOutlet />
      <QuestionList examId={5} readOnly={readOnly} />
    </>,
  );
  return { ...api, user: userEvent.setup() };
}

async function deleteFirst(user: ReturnType<typeof userEvent.setup>) {
  const first = await screen.findByRole('article', { name: 'Question 1' });
  await user.click(within(first).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' });
  expect(within(dialog).getByText(/delete question 1\?/)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('QuestionList', () => {
  it('numbers the questions and marks the correct option in words', async () => {
    setup();
    const first = await screen.findByRole('article', { name: 'Question 1' });
    expect(screen.getByRole('heading', { name: 'Questions (2)' })).toBeInTheDocument();
    // The question's markup is text, and its formula is typeset.
    expect(within(first).getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(first.querySelector('img')).toBeNull();
    await waitFor(() => expect(first.querySelector('.katex')).not.toBeNull());
    const options = within(first).getAllByRole('listitem');
    expect(options).toHaveLength(5);
    expect(options[1]).toHaveTextContent('B.Option B of 1Correct');
    expect(within(first).getAllByText('Correct')).toHaveLength(1);
    const second = screen.getByRole('article', { name: 'Question 2' });
    expect(within(second).getByRole('img', { name: 'Question 2' })).toHaveAttribute('src', '/api/files/q2.png?sig=x');
    expect(within(second).getAllByRole('listitem')[4]).toHaveTextContent('Correct');
  });

  it('deletes a question once confirmed', async () => {
    const { calls, user } = setup();
    await deleteFirst(user);
    expect(await screen.findByRole('status')).toHaveTextContent('Question deleted successfully');
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/exams/5/mcq-questions/1')).toBe(
      true,
    );
  });

  it("gives the server's reason when an answered question cannot be deleted", async () => {
    const reason = 'Cannot delete this question because 3 students have answered it.';
    const { user } = setup({ status: 409, body: { message: reason } });
    await deleteFirst(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(reason);
    expect(alert).toHaveAttribute('data-kind', 'error');
  });

  it('says the question was answered when a 409 carries no reason', async () => {
    const { user } = setup({ status: 409, body: {} });
    await deleteFirst(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(QUESTION_MESSAGES.answered);
  });

  it("says 'try again' for any other failure", async () => {
    const { user } = setup({ status: 500, body: { message: 'Database unavailable' } });
    await deleteFirst(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(QUESTION_TEXTS.deleteFailed);
  });

  it('offers no changes to a content-deleted exam', async () => {
    setup(undefined, true);
    const first = await screen.findByRole('article', { name: 'Question 1' });
    expect(within(first).getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(within(first).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});
