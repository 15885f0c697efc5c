import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeSession } from '../../../lib/session';
import { pagedRoute, renderWithProviders } from '../../../test/render';
import { ExamSubmissionList, FEEDBACK, MCQ_EXAM, stubApi, submission } from '../test-api';

const ROW = submission(3, 'Amaya Perera', { mcqScore: 42 });

async function openAnswers(feedback: { status?: number; body?: unknown }) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const api = stubApi({
    'GET /api/v1/submissions/exam/5': pagedRoute([ROW]),
    'GET /api/v1/submissions/3/mcq-feedback': feedback,
  });
  renderWithProviders(<ExamSubmissionList exam={MCQ_EXAM} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'View Answers' }));
  return { ...api, dialog: await screen.findByRole('dialog', { name: 'MCQ Answers' }) };
}

describe('MCQ answers dialog', () => {
  it('shows the student, the percentage with two decimals and how many were correct', async () => {
    const { dialog, calls } = await openAnswers({ body: FEEDBACK });
    expect(await within(dialog).findByText('84.00%')).toBeInTheDocument();
    expect(within(dialog).getByText('42 of 50 correct')).toBeInTheDocument();
    expect(within(dialog).getByText('Amaya Perera')).toBeInTheDocument();
    expect(within(dialog).getByText('Mark: 42.00 / 50')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/api/v1/submissions/3/mcq-feedback');
  });

  it('marks each answer in words and gives the correct answer only where the student missed it', async () => {
    const { dialog } = await openAnswers({ body: FEEDBACK });
    const right = await within(dialog).findByRole('article', { name: 'Question 1' });
    expect(within(right).getByText('Which is sulfuric acid?')).toBeInTheDocument();
    expect(within(right).getByText('Correct')).toBeInTheDocument();
    expect(within(right).queryByText(/Correct answer/)).not.toBeInTheDocument();

    const wrong = within(dialog).getByRole('article', { name: 'Question 2' });
    expect(within(wrong).getByText('Incorrect')).toBeInTheDocument();
    expect(within(wrong).getByRole('img', { name: 'Question 2' })).toHaveAttribute(
      'src',
      'https://files.example/q2.png?sig=1',
    );
    expect(within(wrong).getByText(/Student's answer/).parentElement).toHaveTextContent("Student's answer: 8");
    expect(within(wrong).getByText(/Correct answer/).parentElement).toHaveTextContent('Correct answer: 7');

    const skipped = within(dialog).getByRole('article', { name: 'Question 3' });
    expect(within(skipped).getByText('Not answered')).toBeInTheDocument();
    expect(within(skipped).getByText('Incorrect')).toBeInTheDocument();
    expect(within(skipped).getByText(/Correct answer/).parentElement).toHaveTextContent('6.022 × 10^23');
  });

  it('says the answers failed to load', async () => {
    const { dialog } = await openAnswers({ status: 500, body: {} });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to load detailed feedback\.$/);
  });

  it("prefers the server's reason for a refusal", async () => {
    const { dialog } = await openAnswers({ status: 404, body: { message: 'Submission not found.' } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Submission not found.');
  });
});
