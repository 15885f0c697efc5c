import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { McqExamFound } from '@valence/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { type FakeRoute, renderWithProviders } from '../../../test/render';
import { question, stubApi } from '../test-api';
import { CopyQuestionsDialog } from './copy-questions-dialog';

afterEach(() => {
  vi.restoreAllMocks();
});

const paper = (id: number, title: string, examIdentifier: string, questionCount = 3): McqExamFound => ({
  id,
  title,
  examIdentifier,
  courseId: 70 + id,
  courseTitle: `Course ${id}`,
  questionCount,
});
const PAPERS = [
  paper(5, 'Thermochemistry Quiz', 'CHEM101_QUIZ1'),
  paper(8, 'Kinetics past paper', 'CHEM301_2024'),
  paper(9, 'Kinetics revision', 'CHEM301_REV'),
];
const SOURCE = [question(81, 'Rate of \\ce{2NO2 -> N2O4}?', 2), question(82, 'Second'), question(83, 'Third', 4)];

/** The search as the server answers it: title or identifier containing q, any case. */
const searchRoute: FakeRoute = ({ query }) => {
  const q = (query.get('q') ?? '').toLowerCase();
  return {
    body: PAPERS.filter((p) => `${p.title} ${p.examIdentifier}`.toLowerCase().includes(q)),
  };
};

function setup(copyAnswer: { status?: number; body?: unknown } = { status: 201, body: [] }) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const api = stubApi({
    'GET /api/v1/exams/mcq-search': searchRoute,
    'GET /api/v1/exams/8/mcq-questions': { body: SOURCE },
    'POST /api/v1/exams/5/mcq-questions/copy': copyAnswer,
  });
  const onClose = vi.fn();
  renderWithProviders(
    <>
      <StatusOutlet />
      <CopyQuestionsDialog examId={5} opened onClose={onClose} />
    </>,
  );
  return { ...api, onClose, dialog: screen.getByRole('dialog'), user: userEvent.setup() };
}

async function pickKineticsPaper(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.type(within(dialog).getByLabelText(/Search papers/), 'kinetics PAST');
  const found = await within(dialog).findByRole('list', { name: 'Papers found' });
  await waitFor(() => expect(within(found).getAllByRole('button')).toHaveLength(1));
  await user.click(within(found).getByRole('button', { name: /Kinetics past paper/ }));
}

describe('CopyQuestionsDialog', { timeout: 20_000 }, () => {
  it('renders nothing while closed', () => {
    renderWithProviders(<CopyQuestionsDialog examId={5} opened={false} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('finds a paper, copies the two questions ticked and says how many were copied', async () => {
    const copied = [question(101, 'Rate of \\ce{2NO2 -> N2O4}?', 2), question(103, 'Third', 4)];
    const { calls, dialog, onClose, user } = setup({ status: 201, body: copied });
    // The exam the questions go to is not offered as a source.
    const first = await within(dialog).findByRole('list', { name: 'Papers found' });
    expect(within(first).queryByRole('button', { name: /Thermochemistry Quiz/ })).not.toBeInTheDocument();
    expect(within(first).getAllByRole('button')).toHaveLength(2);

    await pickKineticsPaper(dialog, user);
    expect(calls.some((call) => call.path === '/api/v1/exams/mcq-search?q=kinetics%20PAST')).toBe(true);
    const one = await within(dialog).findByRole('checkbox', { name: 'Question 1' });
    // The question's notation is typeset.
    const section = within(dialog).getByRole('region', { name: 'Question 1 of the paper' });
    await waitFor(() => expect(section.querySelector('.katex')).not.toBeNull());
    const copyButton = within(dialog).getByRole('button', { name: 'Copy 0 questions' });
    expect(copyButton).toBeDisabled();

    await user.click(one);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Question 3' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Select all' })).toHaveAttribute('data-indeterminate', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Copy 2 questions' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent).toEqual({
      method: 'POST',
      path: '/api/v1/exams/5/mcq-questions/copy',
      body: { fromExamId: 8, questionIds: [81, 83] },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('2 questions copied.');
  });

  it('selects all, and shows the server’s reason inside the dialog when the copy is refused', async () => {
    const reason = 'Cannot add questions: students have already submitted this exam.';
    const { calls, dialog, onClose, user } = setup({ status: 409, body: { message: reason } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await pickKineticsPaper(dialog, user);
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Select all' }));
    for (const n of [1, 2, 3]) expect(within(dialog).getByRole('checkbox', { name: `Question ${n}` })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Copy 3 questions' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
    expect(onClose).not.toHaveBeenCalled();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ fromExamId: 8, questionIds: [81, 82, 83] });
    // Back to the search, nothing ticked any more.
    await user.click(within(dialog).getByRole('button', { name: 'Choose another paper' }));
    expect(within(dialog).getByRole('button', { name: 'Copy 0 questions' })).toBeDisabled();
  });
});
