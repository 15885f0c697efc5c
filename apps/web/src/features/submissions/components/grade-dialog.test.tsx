import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ExamDetail, SUBMISSION_MESSAGES, type Submission } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { type FakeRoute, pagedRoute, renderWithProviders } from '../../../test/render';
import { ExamSubmissionList, MCQ_EXAM, PART_TWO_EXAM, stubApi, submission } from '../test-api';
import { GradeDialog } from './grade-dialog';

const UNMARKED = submission(2, 'Nuwan Silva', { examId: 6 });
const MCQ_ROW = submission(3, 'Kasun Fernando', { mcqScore: 42 });

/** The stub's routes, changed by a test between calls (a list re-read, a second answer). */
let routes: Record<string, FakeRoute | { status?: number; body?: unknown }> = {};
const stubGrade = (id: number, answer: FakeRoute) => {
  routes[`POST /api/v1/submissions/${id}/grade`] = answer;
};
const stubList = (examId: number, rows: Submission[]) => {
  routes[`GET /api/v1/submissions/exam/${examId}`] = pagedRoute(rows);
};

function setup(exam: ExamDetail, row: Submission, grade: { status?: number; body?: unknown }) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  routes = {
    [`GET /api/v1/submissions/exam/${exam.id}`]: pagedRoute([row]),
    [`POST /api/v1/submissions/${row.id}/grade`]: grade,
  };
  const byName =
    (key: string): FakeRoute =>
    (request) => {
      const route = routes[key];
      if (!route) return { status: 404, body: { message: 'Not found' } };
      return typeof route === 'function' ? route(request) : route;
    };
  const api = stubApi({
    [`GET /api/v1/submissions/exam/${exam.id}`]: byName(`GET /api/v1/submissions/exam/${exam.id}`),
    [`POST /api/v1/submissions/${row.id}/grade`]: byName(`POST /api/v1/submissions/${row.id}/grade`),
  });
  renderWithProviders(
    <>
      <StatusOutlet />
      <ExamSubmissionList exam={exam} />
    </>,
  );
  const gets = () => api.calls.filter((call) => call.method === 'GET').length;
  return { ...api, gets, user: userEvent.setup() };
}

async function open(user: ReturnType<typeof userEvent.setup>, button: string, title: string) {
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

/** Opens the marking of a PART II script: its dialog and the score's field. */
async function openMarking(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await open(user, 'Mark Submission', 'Mark Submission');
  return { dialog, score: within(dialog).getByRole('textbox', { name: 'Score (out of 100)' }) };
}

describe('Grade dialog', () => {
  it('checks a PART II score with the contract before sending anything', async () => {
    const { forms, user } = setup(PART_TWO_EXAM, UNMARKED, { body: UNMARKED });
    const { dialog, score } = await openMarking(user);
    await user.type(score, 'ninety');
    await user.click(within(dialog).getByRole('button', { name: 'Save Mark' }));
    // The specification's sentence as it is; the range sentence names the field as its label does.
    expect(await within(dialog).findByText('Traditional Score must be a valid number.')).toBeInTheDocument();
    await user.clear(score);
    await user.type(score, '100.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save Mark' }));
    expect(await within(dialog).findByText(/^Score must be from 0 to 100/)).toBeInTheDocument();
    expect(forms).toEqual([]);
  });

  it('says a score out of range once, in the words of its label', async () => {
    const { forms, user } = setup(PART_TWO_EXAM, UNMARKED, { body: UNMARKED });
    const { dialog, score } = await openMarking(user);
    await user.type(score, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save Mark' }));
    const said = await screen.findAllByText(/must be from 0 to 100/);
    expect(said.map((element) => element.textContent)).toEqual([
      'Score must be from 0 to 100, with at most two decimals.',
    ]);
    expect(score).toHaveAccessibleDescription(/Score must be from 0 to 100, with at most two decimals\./);
    expect(forms).toEqual([]);
  });

  it("puts the server's refusal of a score under the score, once", async () => {
    const { user } = setup(PART_TWO_EXAM, UNMARKED, {
      status: 400,
      body: { message: SUBMISSION_MESSAGES.scoreRange },
    });
    const { dialog, score } = await openMarking(user);
    await user.type(score, '99');
    await user.click(within(dialog).getByRole('button', { name: 'Save Mark' }));
    await waitFor(() => expect(score).toHaveAccessibleDescription(/^Score must be from 0 to 100/));
    expect(screen.getAllByText(/must be from 0 to 100/)).toHaveLength(1);
    // Typing again takes the stale reason away.
    await user.type(score, '.5');
    expect(screen.queryByText(/must be from 0 to 100/)).not.toBeInTheDocument();
  });

  it('sends score, feedback and marked paper as multipart, then closes, says so and re-reads the page', async () => {
    const marked = { ...UNMARKED, traditionalScore: 90.5, instructorFeedback: 'Good.' };
    const { forms, gets, user } = setup(PART_TWO_EXAM, UNMARKED, { body: marked });
    const { dialog, score } = await openMarking(user);
    await user.type(score, ' 90.5 ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Feedback' }), 'Good.');
    const paper = new File(['%PDF-1.7'], 'marked.pdf', { type: 'application/pdf' });
    const input = within(dialog).getByLabelText('Marked Paper');
    expect(input).toHaveAttribute('accept', '.pdf,.doc,.docx,.txt,.jpg,.jpeg,.png');
    await user.upload(input, paper);
    expect(gets()).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Save Mark' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Mark saved for Nuwan Silva');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(gets()).toBe(2));

    expect(forms.map((sent) => [sent.method, sent.path])).toEqual([['POST', '/api/v1/submissions/2/grade']]);
    const form = forms[0]!.form;
    expect(form.get('traditionalScore')).toBe('90.5');
    expect(form.get('instructorFeedback')).toBe('Good.');
    expect((form.get('markedPaperFile') as File).name).toBe('marked.pdf');
  });

  it('reviews an MCQ paper: its mark read-only, feedback only, and never a traditionalScore part', async () => {
    const { forms, user } = setup(MCQ_EXAM, MCQ_ROW, { body: { ...MCQ_ROW, instructorFeedback: 'Well done.' } });
    const dialog = await open(user, 'Add Feedback', 'Review Submission & Add Feedback');
    expect(within(dialog).getByRole('textbox', { name: 'MCQ Score' })).toHaveValue('42.00 / 50');
    expect(within(dialog).getByRole('textbox', { name: 'MCQ Score' })).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('textbox', { name: 'Score (out of 100)' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Feedback' }), 'Well done.');
    await user.click(within(dialog).getByRole('button', { name: 'Save Mark' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const form = forms[0]!.form;
    expect([...form.keys()]).toEqual(['instructorFeedback']);
    expect(form.has('traditionalScore')).toBe(false);
    expect(form.get('instructorFeedback')).toBe('Well done.');
  });

  it("shows the server's 409 reason inside the dialog and keeps what was typed", async () => {
    const { user } = setup(PART_TWO_EXAM, UNMARKED, {
      status: 409,
      body: { message: SUBMISSION_MESSAGES.contentDeleted },
    });
    const { dialog, score } = await openMarking(user);
    await user.type(score, '75');
    await user.click(within(dialog).getByRole('button', { name: 'Save Mark' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SUBMISSION_MESSAGES.contentDeleted);
    expect(within(dialog).getByRole('textbox', { name: 'Score (out of 100)' })).toHaveValue('75');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends the version it opened; when another save came first, says who and offers to overwrite', async () => {
    const opened = { ...UNMARKED, version: 3 };
    const stale = {
      message: 'Nimal Perera changed this submission at 2026-05-01 10:05, after the version you sent.',
      version: 4,
      changedBy: 'Nimal Perera',
      changedAt: '2026-05-01T04:35:00.000Z',
    };
    let sent = 0;
    const { forms, user } = setup(PART_TWO_EXAM, opened, {});
    // The first save meets the other tab's newer mark; the overwrite, sent with it, is taken.
    stubGrade(opened.id, () => (sent++ === 0 ? { status: 409, body: stale } : { body: { ...opened, version: 5 } }));
    const { dialog, score } = await openMarking(user);
    await user.type(score, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Save Mark' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(stale.message);
    expect(forms.map((form) => form.ifMatch)).toEqual(['"3"']);
    // What was typed stays while the tutor chooses.
    expect(within(dialog).getByRole('textbox', { name: 'Score (out of 100)' })).toHaveValue('40');
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(forms.map((form) => form.ifMatch)).toEqual(['"3"', '"4"']);
    expect(forms[1]?.form.get('traditionalScore')).toBe('40');
    expect(await screen.findByRole('status')).toHaveTextContent('Mark saved for Nuwan Silva');
  });

  it('reloads on a stale save: the list is read again and nothing is sent over their mark', async () => {
    const opened = { ...UNMARKED, version: 3 };
    const theirs = { ...opened, version: 4, traditionalScore: 70 };
    const { forms, gets, user } = setup(PART_TWO_EXAM, opened, {
      status: 409,
      body: {
        message: 'Nimal Perera changed this submission at 2026-05-01 10:05.',
        version: 4,
        changedBy: 'Nimal Perera',
      },
    });
    const { dialog, score } = await openMarking(user);
    await user.type(score, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Save Mark' }));
    await within(dialog).findByRole('button', { name: 'Reload' });
    // The failed save re-reads the list once by itself; Reload reads it again, with their mark.
    await waitFor(() => expect(gets()).toBe(2));
    stubList(PART_TWO_EXAM.id, [theirs]);
    const before = gets();
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(forms).toHaveLength(1);
    // Opened again, the dialog starts from their mark.
    const again = await open(user, 'Update Score', 'Mark Submission');
    expect(within(again).getByRole('textbox', { name: 'Score (out of 100)' })).toHaveValue('70');
  });

  it("says the grade failed, in the screen's own words, when the server gives no reason", async () => {
    const { user } = setup(PART_TWO_EXAM, UNMARKED, { status: 500, body: {} });
    const { dialog } = await openMarking(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save Mark' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Failed to grade submission\. Please try again\.$/,
    );
  });

  it('refuses before sending when the content is deleted or the submission has no id', async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    const { forms } = stubApi({});
    const onClose = vi.fn();
    const { unmount } = renderWithProviders(
      <GradeDialog exam={{ ...PART_TWO_EXAM, contentDeleted: true }} submission={UNMARKED} onClose={onClose} />,
    );
    let dialog = await screen.findByRole('dialog', { name: 'Mark Submission' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(SUBMISSION_MESSAGES.contentDeleted);
    expect(within(dialog).getByRole('button', { name: 'Save Mark' })).toBeDisabled();
    unmount();

    renderWithProviders(<GradeDialog exam={MCQ_EXAM} submission={{ ...MCQ_ROW, id: 0 }} onClose={onClose} />);
    dialog = await screen.findByRole('dialog', { name: 'Review Submission & Add Feedback' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(SUBMISSION_MESSAGES.missingId);
    expect(forms).toEqual([]);
  });
});
