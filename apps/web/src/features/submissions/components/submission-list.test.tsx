import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExamDetail, Submission } from '@valence/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { atPhoneWidth } from '../../../test/media';
import { pagedRoute, renderWithProviders } from '../../../test/render';
import { ExamSubmissionList, MCQ_EXAM, PART_TWO_EXAM, stubApi, submission } from '../test-api';

afterEach(() => {
  vi.restoreAllMocks();
});

const PART_TWO = [
  submission(1, 'Amaya Perera', {
    traditionalScore: 90,
    gradedAt: '2026-05-03T10:00:00.000Z',
    instructorFeedback: 'Clear working.',
    submittedAnswerDownloadUrl: 'https://files.example/answer-1.pdf',
    markedPaperDownloadUrl: 'https://files.example/marked-1.pdf',
  }),
  submission(2, 'Nuwan Silva', { submittedAnswerDownloadUrl: 'https://files.example/answer-2.pdf' }),
];
const MCQ = [
  submission(3, 'Kasun Fernando', { mcqScore: 42, instructorFeedback: 'Revise equilibria.' }),
  submission(4, 'Dilini Jayasuriya', { mcqScore: 37.5 }),
];

const byName = (row: Submission) => `${row.studentName} ${row.studentId}`;

function setup(exam: ExamDetail, rows: Submission[] | { status: number; body: unknown }) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const list = Array.isArray(rows) ? pagedRoute(rows, byName) : rows;
  const api = stubApi({ [`GET /api/v1/submissions/exam/${exam.id}`]: list });
  renderWithProviders(
    <>
      <StatusOutlet />
      <ExamSubmissionList exam={exam} />
    </>,
  );
  return { ...api, user: userEvent.setup() };
}

const row = (name: string) => screen.findByRole('row', { name: new RegExp(name) });

describe('SubmissionList', () => {
  it('shows PART II rows: one-decimal score, marked date, feedback, file links and the grade button', async () => {
    const { calls } = setup(PART_TWO_EXAM, PART_TWO);
    const marked = await row('Amaya Perera');
    expect(within(marked).getByText('ID 101')).toBeInTheDocument();
    // Submitted and marked times in the platform zone (UTC+5:30).
    expect(within(marked).getByText('2026-05-01 09:30')).toBeInTheDocument();
    expect(within(marked).getByText('90.0 / 100')).toBeInTheDocument();
    expect(within(marked).getByText('Marked 2026-05-03 15:30')).toBeInTheDocument();
    expect(within(marked).getByText('Clear working.')).toBeInTheDocument();
    const answer = within(marked).getByRole('link', { name: 'View Submission' });
    expect(answer).toHaveAttribute('href', 'https://files.example/answer-1.pdf');
    expect(answer).toHaveAttribute('target', '_blank');
    expect(within(marked).getByRole('link', { name: 'View Marked Paper' })).toHaveAttribute(
      'href',
      'https://files.example/marked-1.pdf',
    );
    expect(within(marked).getByRole('button', { name: 'Update Score' })).toBeEnabled();
    expect(within(marked).queryByRole('button', { name: 'View Answers' })).not.toBeInTheDocument();

    const unmarked = await row('Nuwan Silva');
    expect(within(unmarked).getByText('Not marked yet')).toBeInTheDocument();
    expect(within(unmarked).getByText('No feedback')).toBeInTheDocument();
    expect(within(unmarked).queryByRole('link', { name: 'View Marked Paper' })).not.toBeInTheDocument();
    expect(within(unmarked).getByRole('button', { name: 'Mark Submission' })).toBeEnabled();
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/submissions/exam/6?limit=6&offset=0']);
  });

  it('greys out View Submission for a script handed in without a file, and says why', async () => {
    setup(PART_TWO_EXAM, [submission(7, 'Tharindu Perera', { submittedAnswerDownloadUrl: null })]);
    const noFile = await row('Tharindu Perera');
    expect(within(noFile).queryByRole('link', { name: 'View Submission' })).not.toBeInTheDocument();
    const greyed = within(noFile).getByRole('button', { name: 'View Submission' });
    expect(greyed).toBeDisabled();
    expect(greyed).toHaveAttribute('title', 'No file was handed in');
    expect(greyed).toHaveAccessibleDescription('No file was handed in');
  });

  it('shows MCQ rows: the mark out of 50, View Answers and Add or Edit Feedback', async () => {
    setup(MCQ_EXAM, MCQ);
    const withFeedback = await row('Kasun Fernando');
    expect(within(withFeedback).getByText('42.00 / 50')).toBeInTheDocument();
    expect(within(withFeedback).getByRole('button', { name: 'View Answers' })).toBeInTheDocument();
    expect(within(withFeedback).getByRole('button', { name: 'Edit Feedback' })).toBeInTheDocument();
    expect(within(withFeedback).queryByRole('link', { name: 'View Submission' })).not.toBeInTheDocument();
    const without = await row('Dilini Jayasuriya');
    expect(within(without).getByText('37.50 / 50')).toBeInTheDocument();
    expect(within(without).getByRole('button', { name: 'Add Feedback' })).toBeInTheDocument();
  });

  it('typesets chemistry notation in the feedback, as questions show it', async () => {
    const feedback = 'Balance it: \\ce{2H2 + O2 -> 2H2O}, then find $\\Delta H$.';
    setup(MCQ_EXAM, [submission(5, 'Ishara Wijesinghe', { mcqScore: 30, instructorFeedback: feedback })]);
    const marked = await row('Ishara Wijesinghe');
    await waitFor(() => expect(marked.querySelectorAll('.katex')).toHaveLength(2));
    expect(marked.querySelector('[data-formula="raw"]')).toBeNull();
    expect(marked).toHaveTextContent(/Balance it: .*, then find .*\./);
  });

  it('searches on the server by name or ID, back on page 1, and pages 6 at a time', async () => {
    const many = Array.from({ length: 8 }, (_, i) => submission(i + 1, `Student ${i + 1}`));
    const { calls, user } = setup(PART_TWO_EXAM, many);
    expect(await screen.findByText('Page 1 of 2 (8 items)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await row('Student 8')).toBeInTheDocument();
    // Keys typed without a pause between them (one request for the settled search): with user-event's
    // own pause, a loaded machine could let the search pause pass between two keys.
    await userEvent.setup({ delay: null }).type(screen.getByRole('textbox', { name: 'Search submissions' }), '107');
    expect(await row('Student 7')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(calls.map((call) => call.path)).toEqual([
      '/api/v1/submissions/exam/6?limit=6&offset=0',
      '/api/v1/submissions/exam/6?limit=6&offset=6',
      '/api/v1/submissions/exam/6?limit=6&offset=0&q=107',
    ]);
  });

  it('says "more than" when the server stopped counting a search, and offers the page after the last known', async () => {
    const six = Array.from({ length: 6 }, (_, i) => submission(i + 1, `Kamal ${i + 1}`));
    setup(PART_TWO_EXAM, { status: 200, body: { items: six, total: 100, totalCapped: true, limit: 6, offset: 0 } });
    expect(await screen.findByText('Page 1 of 17+ (100+ items)')).toBeInTheDocument();
    expect(
      screen.getByText(
        "More than 100 submissions match. Type more of the name, or the student's ID, to narrow the list.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('says when there are no submissions, and when none match the search', async () => {
    const { user } = setup(MCQ_EXAM, []);
    expect(await screen.findByText('No submissions yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search submissions' }), 'zz');
    expect(await screen.findByText('No submissions match your search.')).toBeInTheDocument();
  });

  it("says the list failed to load, with the server's reason for a refusal only", async () => {
    setup(MCQ_EXAM, { status: 500, body: { message: 'relation "submissions" does not exist' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load submissions\.$/);
  });

  it("shows the server's reason when it refuses the list", async () => {
    setup(MCQ_EXAM, { status: 403, body: { message: 'You may not see these submissions.' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not see these submissions.');
  });

  it('disables grading once the exam content is deleted, but keeps the answers and files', async () => {
    setup({ ...MCQ_EXAM, contentDeleted: true }, MCQ);
    const first = await row('Kasun Fernando');
    expect(within(first).getByRole('button', { name: 'Edit Feedback' })).toBeDisabled();
    expect(within(first).getByRole('button', { name: 'View Answers' })).toBeEnabled();
  });

  it('draws one card per submission at phone width', async () => {
    atPhoneWidth();
    setup(PART_TWO_EXAM, PART_TWO);
    const cards = await screen.findByRole('list', { name: 'Submissions' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
