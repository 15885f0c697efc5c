import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ExamDetail, SUBMISSION_MESSAGES } from '@valence/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MCQ_EXAM, PART_TWO_EXAM, stubApi, submission } from '../../features/submissions/test-api';
import { createQueryClient } from '../../lib/query-client';
import { writeSession } from '../../lib/session';
import { pagedRoute } from '../../test/render';
import { settingsBody } from '../../test/settings';
import { ExamSubmissionsRoute } from './exam-submissions';

afterEach(() => {
  vi.restoreAllMocks();
});

type Answer = { status?: number; body?: unknown };
const ROWS = [submission(1, 'Amaya Perera', { examId: 6, traditionalScore: 90 })];

function setup(exam: Answer | (() => Answer), path = '/exams/6/submissions', extra: Record<string, Answer> = {}) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const api = stubApi({
    'GET /settings': { body: settingsBody('UTC') },
    'GET /api/v1/exams/6': exam,
    'GET /api/v1/submissions/exam/6': pagedRoute(ROWS),
    ...extra,
  });
  // The page reads :examId, so it is drawn under its real route pattern.
  const router = createMemoryRouter([{ path: '/exams/:examId/submissions', element: <ExamSubmissionsRoute /> }], {
    initialEntries: [path],
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...api, user: userEvent.setup() };
}

const withExam = (changes: Partial<ExamDetail>) => ({ body: { ...PART_TWO_EXAM, ...changes } });

describe('Submissions screen', () => {
  it("shows the exam, its course, a way back to the course's exams and the submissions", async () => {
    setup({ body: PART_TWO_EXAM });
    expect(screen.getByLabelText('Loading exam')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Submissions' })).toBeInTheDocument();
    expect(screen.getByText('Thermochemistry Paper II')).toBeInTheDocument();
    expect(screen.getByText('PART II')).toBeInTheDocument();
    expect(screen.getByText('Course: Physical Chemistry')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Exams' })).toHaveAttribute('href', '/exams?courseId=7');
    const row = await screen.findByRole('row', { name: /Amaya Perera/ });
    expect(within(row).getByText('90.0 / 100')).toBeInTheDocument();
    expect(screen.queryByText(/content has been deleted/)).not.toBeInTheDocument();
    // Two scripts handed in, none unmarked; the studio opens on the next unmarked one, or on this row's.
    expect(screen.getByText('2 of 2 marked')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open marking studio' })).toHaveAttribute('href', '/exams/6/mark');
    expect(within(row).getByRole('link', { name: 'Mark in studio' })).toHaveAttribute('href', `/exams/6/mark?script=1`);
  });

  it('lists the students who have not handed in, from the exam sittings', async () => {
    const sitting = (studentId: number, username: string, state: string, startedAt: string | null) => ({
      studentId,
      username,
      name: null,
      state,
      startedAt,
      deadline: startedAt ? '2026-05-01T05:00:00.000Z' : null,
      submittedAt: null,
    });
    const { calls, user } = setup({ body: PART_TWO_EXAM }, '/exams/6/submissions', {
      'GET /api/v1/exams/6/sittings': {
        body: {
          items: [
            sitting(201, 'nimal', 'in-progress', '2026-05-01T04:00:00.000Z'),
            sitting(202, 'kasun', 'not-started', null),
          ],
          total: 2,
          limit: 6,
          offset: 0,
        },
      },
    });
    await screen.findByRole('row', { name: /Amaya Perera/ });
    await user.click(screen.getByText('Not handed in'));
    const row = await screen.findByRole('row', { name: /nimal/ });
    expect(within(row).getByText('In progress')).toBeInTheDocument();
    expect(within(row).getByText('2026-05-01 05:00')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /kasun/ })).getByText('Not started')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Amaya Perera/ })).not.toBeInTheDocument();
    const asked = calls.find((call) => call.path.includes('/sittings'));
    expect(asked?.path).toContain('state=not-handed-in');
  });

  it('shows dates in the platform time zone from the settings', async () => {
    setup({ body: PART_TWO_EXAM });
    const row = await screen.findByRole('row', { name: /Amaya Perera/ });
    // 04:00 UTC: once the settings say UTC it is shown as such, not in the browser's zone.
    await waitFor(() => expect(within(row).getByText('2026-05-01 04:00')).toBeInTheDocument());
  });

  it('warns that grading is disabled when the content is deleted', async () => {
    setup(withExam({ contentDeleted: true }));
    expect(await screen.findByText("This exam's content has been deleted. Grading is disabled.")).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Amaya Perera/ });
    expect(within(row).getByRole('button', { name: 'Update Score' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Mark in studio' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Open marking studio' })).not.toBeInTheDocument();
  });

  it('re-reads the exam when a grade is refused because the content went meanwhile', async () => {
    let deleted = false;
    const { user } = setup(() => withExam({ contentDeleted: deleted }), undefined, {
      'POST /api/v1/submissions/1/grade': { status: 409, body: { message: SUBMISSION_MESSAGES.contentDeleted } },
    });
    await user.click(await screen.findByRole('button', { name: 'Update Score' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Submission' });
    deleted = true;
    await user.click(within(dialog).getByRole('button', { name: 'Save Mark' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SUBMISSION_MESSAGES.contentDeleted);
    expect(await screen.findByText(/Grading is disabled\./)).toBeInTheDocument();
  });

  it('says the exam ID is missing and asks for nothing when the address holds no id', async () => {
    const { calls } = setup({ body: PART_TWO_EXAM }, '/exams/abc/submissions');
    expect(await screen.findByRole('alert')).toHaveTextContent('Exam ID is missing.');
    expect(screen.getByRole('link', { name: 'Back to Exams' })).toHaveAttribute('href', '/exams');
    expect(calls.filter((call) => call.path.startsWith('/api/v1'))).toEqual([]);
  });

  it('says the exam is not found on a 404', async () => {
    setup({ status: 404, body: { message: 'Exam not found.' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Exam not found.');
  });

  it('says the submissions failed to load when the exam cannot be read', async () => {
    setup({ status: 500, body: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load submissions\.$/);
  });

  it('asks for the submissions with the id from the address, not after the exam has answered', async () => {
    // The exam never answers well, so a list that waited for it would never be asked for.
    const { calls } = setup({ status: 500, body: {} });
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContainEqual(expect.stringMatching(/\/submissions\/exam\/6/)),
    );
  });

  it('opens the answers of an MCQ exam', async () => {
    const mcqRows = [submission(3, 'Kasun Fernando', { mcqScore: 42 })];
    const { user } = setup({ body: { ...MCQ_EXAM, id: 6 } }, undefined, {
      'GET /api/v1/submissions/exam/6': { body: { items: mcqRows, total: 1, limit: 6, offset: 0 } },
      'GET /api/v1/submissions/3/mcq-feedback': { status: 500, body: {} },
    });
    await user.click(await screen.findByRole('button', { name: 'View Answers' }));
    const dialog = await screen.findByRole('dialog', { name: 'MCQ Answers' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to load detailed feedback.');
  });
});
