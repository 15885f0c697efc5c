import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ExamScore, TOTAL_FORMULA } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { itShowsLookupFailures } from '../../features/scores/test-fixtures';
import { writeSession } from '../../lib/session';
import { fakeFetch, renderWithProviders } from '../../test/render';
import { CombinedExamScoresRoute } from './combined-exam-scores';

const SCORE_PATH = '/api/v1/submissions/student/12/exam-score/CHEM101_FINAL';
const score = (overrides: Partial<ExamScore> = {}): ExamScore => ({
  studentId: 12,
  examIdentifier: 'CHEM101_FINAL',
  mcqScore: 40,
  traditionalScore: 90,
  combinedTotalScore: 85,
  mcqPublished: true,
  traditionalPublished: true,
  ...overrides,
});

function setup(answer: { status?: number; body?: unknown } = { body: score() }) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const fetch = fakeFetch({ [`GET ${SCORE_PATH}`]: answer });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(<CombinedExamScoresRoute />, { path: '/student/combined-exam-scores' });
  return { fetch, user: userEvent.setup() };
}

async function lookUp(user: ReturnType<typeof userEvent.setup>, studentId = '12', identifier = 'CHEM101_FINAL') {
  if (studentId) await user.type(screen.getByLabelText('Student ID'), studentId);
  if (identifier) await user.type(screen.getByLabelText('Exam Identifier'), identifier);
  await user.click(screen.getByRole('button', { name: 'View Score' }));
}

const shown = async (label: string) => within(await screen.findByRole('region', { name: label }));

describe('Student Combined Exam Scores screen', () => {
  it('asks for the student ID and the identifier before asking the server', async () => {
    const { fetch, user } = setup();
    expect(screen.getByRole('heading', { name: 'Student Combined Exam Scores' })).toBeInTheDocument();
    await lookUp(user, '', 'CHEM101_FINAL');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter your Student ID (if applicable) and the Exam Identifier.',
    );
    await user.clear(screen.getByLabelText('Exam Identifier'));
    await lookUp(user, '12', '   ');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter your Student ID (if applicable) and the Exam Identifier.',
    );
    expect(fetch.calls).toHaveLength(0);
  });

  it('says a student ID must be a number', async () => {
    const { user } = setup();
    await lookUp(user, 'twelve');
    expect(await screen.findByRole('alert')).toHaveTextContent('The Student ID must be a whole number, such as 12.');
  });

  it('shows MCQ, PART II and the combined total with two decimals', async () => {
    const { fetch, user } = setup({
      body: score({ mcqScore: 32.5, traditionalScore: 71.35, combinedTotalScore: 68.175 }),
    });
    await lookUp(user);
    expect((await shown('MCQ')).getByText('32.50 / 50')).toBeInTheDocument();
    expect((await shown('PART II')).getByText('71.35 / 100')).toBeInTheDocument();
    expect((await shown('Combined Total')).getByText('68.18 / 100')).toBeInTheDocument();
    expect(fetch.calls.map((call) => call.path)).toEqual([SCORE_PATH]);
  });

  it('says which part is not published yet, and that the total is of the published part only', async () => {
    const { user } = setup({
      body: score({ traditionalScore: null, traditionalPublished: false, combinedTotalScore: 40 }),
    });
    await lookUp(user);
    expect((await shown('PART II')).getByText('Not published yet')).toBeInTheDocument();
    const total = await shown('Combined Total');
    expect(total.getByText('40.00 / 100')).toBeInTheDocument();
    expect(total.getByText('MCQ only; the total will change when the other part is published.')).toBeInTheDocument();
    expect(screen.getByText(TOTAL_FORMULA)).toBeInTheDocument();
  });

  itShowsLookupFailures({
    setup,
    lookUp,
    refusal: 'No published marks for CHEM101_FINAL yet.',
    failureText: 'Failed to fetch your score. Please check the Exam Identifier and ensure marks are published.',
  });
});
