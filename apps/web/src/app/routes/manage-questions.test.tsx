import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXAM_MESSAGES, type ExamDetail, type ItemAnalysis } from '@valence/contract';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialogHost } from '../../components/confirm-dialog';
import { EXAM, question, stubApi } from '../../features/questions/test-api';
import { createQueryClient } from '../../lib/query-client';
import { writeSession } from '../../lib/session';
import { ManageQuestionsRoute } from './manage-questions';

afterEach(() => {
  vi.restoreAllMocks();
});

const shares = (id: number, values: number[]) => values.map((share, i) => ({ optionId: id * 10 + i, share }));
/** Question 1 is easy with unused distractors; question 2 hard and discriminating the wrong way. */
const ANALYSIS: ItemAnalysis = {
  examId: 5,
  sitters: 20,
  questionCount: 2,
  mean: 1.05,
  kr20: 0.4321,
  discriminationMethod: 'point-biserial',
  questions: [
    {
      questionId: 1,
      drawnBy: 20,
      facility: 0.95,
      discrimination: 0.31,
      options: shares(1, [0.95, 0.05, 0, 0, 0]),
      flags: ['too-easy', 'unused-distractor'],
    },
    {
      questionId: 2,
      drawnBy: 8,
      facility: 0.1,
      discrimination: -0.2,
      options: shares(2, [0.1, 0.3, 0.2, 0.2, 0.2]),
      flags: ['too-hard', 'negative-discrimination'],
    },
  ],
};

/** Stands in for the exams page: shows where it was sent and the reason it was given. */
function ExamsStub() {
  const location = useLocation();
  const state = location.state as { failure?: string } | null;
  return (
    <p>
      Exams page {location.search} {state?.failure}
    </p>
  );
}

function setup(exam: { status?: number; body?: unknown } = { body: EXAM }, path = '/exams/5/manage-questions') {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const api = stubApi({
    'GET /api/v1/exams/5': exam,
    'GET /api/v1/exams/5/mcq-questions': { body: [question(1, 'First'), question(2, 'Second')] },
    'POST /api/v1/exams/5/mcq-questions': { status: 201, body: question(3, 'New one', 3) },
    'GET /api/v1/exams/5/item-analysis': { body: ANALYSIS },
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter(
    [
      { path: '/exams/:examId/manage-questions', element: <ManageQuestionsRoute /> },
      { path: '/exams', element: <ExamsStub /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
        <ConfirmDialogHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...api, router, user: userEvent.setup() };
}

const withExam = (changes: Partial<ExamDetail>) => ({ body: { ...EXAM, ...changes } });

describe('Manage MCQ Questions screen', () => {
  it('shows the exam, its course, a way back, the questions and both ways to add', async () => {
    const { user } = setup();
    expect(screen.getByLabelText('Loading exam')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Manage MCQ Questions' })).toBeInTheDocument();
    expect(screen.getByText('Thermochemistry Quiz')).toBeInTheDocument();
    expect(screen.getByText('Course: Physical Chemistry')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to exams' })).toHaveAttribute('href', '/exams?courseId=7');
    expect(await screen.findByRole('heading', { name: 'Questions (2)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Add Multiple Questions' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByRole('dialog', { name: 'Add Question' })).toBeInTheDocument();
  });

  it('opens the import dialog and the copy dialog from their buttons, and offers the exports', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Import questions' }));
    const importing = await screen.findByRole('dialog', { name: 'Import questions' });
    expect(within(importing).getByRole('button', { name: 'Check file' })).toBeDisabled();
    await user.click(within(importing).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Copy from another paper' }));
    expect(await screen.findByRole('dialog', { name: /Copy/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const formats = await screen.findAllByRole('menuitem');
    expect(formats.map((item) => item.textContent)).toEqual(['Export CSV', 'Export XLSX', 'Export Aiken']);
  });

  it('adds a question from the dialog, then shows the list and exam as the server now has them', async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Add Question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Question' });
    await user.click(within(dialog).getByLabelText(/Question text/));
    await user.paste('New one');
    for (const letter of ['A', 'B', 'C', 'D', 'E']) {
      await user.click(within(dialog).getByLabelText(`Option ${letter}`));
      await user.paste(letter);
    }
    await user.click(within(dialog).getByRole('radio', { name: 'Option D is correct' }));
    const gets = (path: string) => calls.filter((call) => call.method === 'GET' && call.path === path).length;
    expect(gets('/api/v1/exams/5/mcq-questions')).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Question added successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gets('/api/v1/exams/5/mcq-questions')).toBe(2);
    expect(gets('/api/v1/exams/5')).toBe(2);
  });

  it("shows each question's facility and flags beside it, the paper's figures, and sorts by facility", async () => {
    const { user } = setup();
    expect(await screen.findByText('Sitters: 20 · Mean: 1.05 of 2 · KR-20: 0.43')).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Question 1' });
    const badges = await within(first).findByRole('group', { name: 'Item analysis' });
    expect(badges).toHaveTextContent('Facility 95%');
    expect(badges).toHaveTextContent('Discrimination 0.31');
    expect(within(badges).getByText('Too easy')).toBeInTheDocument();
    expect(within(badges).getByText('Unused distractor')).toBeInTheDocument();
    expect(badges).toHaveTextContent('Chosen: A 95% · B 5% · C 0% · D 0% · E 0%');
    const second = screen.getByRole('article', { name: 'Question 2' });
    expect(within(second).getByText('Too hard')).toBeInTheDocument();
    expect(within(second).getByText('Negative discrimination')).toBeInTheDocument();
    expect(within(second).queryByText('Too easy')).not.toBeInTheDocument();
    // A pooled question says over whom it was counted; one every sitter drew says nothing.
    expect(
      within(second).getByText('Counted over the 8 students whose paper included this question.'),
    ).toBeInTheDocument();
    expect(within(first).queryByText(/Counted over/)).not.toBeInTheDocument();
    const order = () => screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'));
    expect(order()).toEqual(['Question 1', 'Question 2']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Facility, lowest first');
    expect(order()).toEqual(['Question 2', 'Question 1']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Facility, highest first');
    expect(order()).toEqual(['Question 1', 'Question 2']);
  });

  it("sends a PART II exam back to its course's exams with the reason", async () => {
    const { calls, router } = setup(withExam({ examType: 'TRADITIONAL' }));
    expect(await screen.findByText(`Exams page ?courseId=7 ${EXAM_MESSAGES.notMcq}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/exams');
    // Its questions and their analysis are never asked for.
    expect(calls.some((call) => call.path.endsWith('/mcq-questions'))).toBe(false);
    expect(calls.some((call) => call.path.endsWith('/item-analysis'))).toBe(false);
  });

  it('says the exam is not found on a 404', async () => {
    setup({ status: 404, body: { message: 'Exam not found.' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Exam not found.');
  });

  it('asks for nothing when the id is not an id', async () => {
    const { calls } = setup(undefined, '/exams/abc/manage-questions');
    expect(await screen.findByRole('alert')).toHaveTextContent('Exam not found.');
    expect(calls).toEqual([]);
  });

  it('says it could not load the exam on any other failure', async () => {
    setup({ status: 500, body: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load exam data. Please ensure this is an MCQ exam.',
    );
  });

  it('warns about a content-deleted exam and allows no changes', async () => {
    setup(withExam({ contentDeleted: true }));
    expect(await screen.findByText(/This exam's content has been deleted\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Question' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import questions' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Copy from another paper' })).toBeDisabled();
    const first = await screen.findByRole('article', { name: 'Question 1' });
    expect(within(first).getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Add Multiple Questions' })).not.toBeInTheDocument();
  });
});
