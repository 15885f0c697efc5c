import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentExam } from '@valence/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsBody } from '../../../../test/settings';
import { resetServerClock } from '../../../lib/server-clock';
import { clearSession, writeSession } from '../../../lib/session';
import { formatWhen } from '../../../lib/time';
import { fakeFetch, renderLearn } from '../../../test/render';
import { draftKey, ownerOf, readLocalDraft } from '../model/draft-queue';
import { studentExam } from '../test-fixtures';
import ExamPage, { CLOSED } from './exam-page';
import { CONFIRM_SUBMIT, OFFLINE_KEPT } from './mcq-sitting';

const TOKEN = 'header.payload.student-signature-0123456789';
const ZONE = 'Asia/Colombo';
const DRAFT = '/api/v1/submissions/exam/5/draft';
const KEY = draftKey(ownerOf(TOKEN), 5);
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

const question = (id: number, text: string) => ({
  id,
  questionText: text,
  questionImageUrl: null,
  options: [1, 2, 3, 4, 5].map((n) => ({ id: id * 10 + n, optionText: `${text} option ${n}` })),
});

function exam(over: Partial<StudentExam> = {}): StudentExam {
  return studentExam({
    courseId: 1,
    title: 'Unit 3 MCQ',
    description: '',
    dueDate: inHours(2),
    examType: 'MCQ',
    examIdentifier: 'U3',
    questionCount: 3,
    questions: [question(1, 'Acids'), question(2, 'Bases'), question(3, 'Salts')],
    ...over,
  });
}

const group = (name: RegExp) => screen.findByRole('group', { name });
const choose = async (questionName: RegExp, option: string) =>
  userEvent.click(within(await group(questionName)).getByRole('radio', { name: option }));
const drafts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT' && call.path === DRAFT).map((call) => call.body);

function renderExam(routes: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch({ 'GET /settings': { body: settingsBody(ZONE) }, ...routes });
  vi.stubGlobal('fetch', fake.fn);
  renderLearn(<ExamPage />, { path: '/exams/5', route: '/exams/:examId' });
  return fake;
}

/** The server's draft store: keeps the highest revision, as the real one does. */
function draftRoutes(start: { answers: unknown[]; revision: number } | null = null) {
  let saved = start;
  return {
    [`GET ${DRAFT}`]: () =>
      saved
        ? { body: { examId: 5, ...saved, updatedAt: new Date().toISOString() } }
        : { status: 404, body: { message: 'No answers have been saved for this exam yet.' } },
    [`PUT ${DRAFT}`]: ({ body }: { body: unknown }) => {
      const input = body as { answers: unknown[]; revision: number };
      if (!saved || saved.revision <= input.revision) saved = input;
      return { body: { examId: 5, ...saved, updatedAt: new Date().toISOString() } };
    },
  };
}

describe('students app MCQ sitting', () => {
  beforeEach(() => writeSession({ token: TOKEN, roles: ['ROLE_STUDENT'] }));
  afterEach(() => {
    clearSession();
    localStorage.clear();
    vi.unstubAllGlobals();
    resetServerClock();
  });

  it('saves every choice as a draft with an increasing revision', async () => {
    const fake = renderExam({ 'GET /me/exams/5': { body: exam() }, ...draftRoutes() });
    expect(await screen.findByRole('heading', { name: 'Unit 3 MCQ' })).toBeInTheDocument();
    await choose(/Question 1/, 'Acids option 2');
    await waitFor(() => expect(screen.getByText('Saved')).toBeInTheDocument());
    await choose(/Question 3/, 'Salts option 5');
    await choose(/Question 1/, 'Acids option 4');
    await waitFor(() =>
      expect(drafts(fake.calls).at(-1)).toEqual({
        answers: [
          { questionId: 1, optionId: 14 },
          { questionId: 3, optionId: 35 },
        ],
        revision: 3,
      }),
    );
    const revisions = drafts(fake.calls).map((body) => (body as { revision: number }).revision);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    expect(revisions[0]).toBe(1);
    expect(screen.getByText('2 of 3 answered')).toBeInTheDocument();
  });

  it('keeps the answers on the phone while offline and sends them once the network is back', async () => {
    let online = false;
    const fake = fakeFetch({
      'GET /settings': { body: settingsBody(ZONE) },
      'GET /me/exams/5': { body: exam() },
      ...draftRoutes(),
    });
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (!online && init?.method === 'PUT') return Promise.reject(new TypeError('Failed to fetch'));
      return fake.fn(input, init);
    });
    renderLearn(<ExamPage />, { path: '/exams/5', route: '/exams/:examId' });
    await choose(/Question 2/, 'Bases option 3');
    expect(await screen.findByText(OFFLINE_KEPT)).toBeInTheDocument();
    // Still chosen on screen, and kept where a reload or a dead battery cannot take it.
    expect(within(await group(/Question 2/)).getByRole('radio', { name: 'Bases option 3' })).toBeChecked();
    expect(readLocalDraft(localStorage, KEY)).toEqual({ answers: [{ questionId: 2, optionId: 23 }], revision: 1 });
    expect(drafts(fake.calls)).toEqual([]);

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getByText('Saved')).toBeInTheDocument());
    expect(drafts(fake.calls)).toEqual([{ answers: [{ questionId: 2, optionId: 23 }], revision: 1 }]);
    expect(readLocalDraft(localStorage, KEY)).toBeNull();
  });

  it('starts from this phone’s unsent answers when they are newer than the server’s draft', async () => {
    // Question 99 was removed from the paper since: its choice is not sent (it would be refused).
    localStorage.setItem(
      KEY,
      JSON.stringify({
        answers: [
          { questionId: 1, optionId: 15 },
          { questionId: 99, optionId: 991 },
        ],
        revision: 7,
      }),
    );
    const fake = renderExam({
      'GET /me/exams/5': { body: exam({ hasDraft: true }) },
      ...draftRoutes({
        answers: [
          { questionId: 1, optionId: 11 },
          { questionId: 2, optionId: 22 },
        ],
        revision: 4,
      }),
    });
    const first = await group(/Question 1/);
    expect(within(first).getByRole('radio', { name: 'Acids option 5' })).toBeChecked();
    expect(within(first).getByRole('radio', { name: 'Acids option 1' })).not.toBeChecked();
    expect(within(await group(/Question 2/)).getByRole('radio', { name: 'Bases option 2' })).not.toBeChecked();
    // The unsent set goes to the server at once, under its own revision.
    await waitFor(() =>
      expect(drafts(fake.calls)).toEqual([{ answers: [{ questionId: 1, optionId: 15 }], revision: 7 }]),
    );
    await choose(/Question 3/, 'Salts option 1');
    await waitFor(() => expect(drafts(fake.calls).at(-1)).toMatchObject({ revision: 8 }));
  });

  it('starts from the server’s draft when the phone’s copy is older', async () => {
    localStorage.setItem(KEY, JSON.stringify({ answers: [{ questionId: 1, optionId: 15 }], revision: 2 }));
    const fake = renderExam({
      'GET /me/exams/5': { body: exam({ hasDraft: true }) },
      ...draftRoutes({ answers: [{ questionId: 1, optionId: 11 }], revision: 4 }),
    });
    expect(within(await group(/Question 1/)).getByRole('radio', { name: 'Acids option 1' })).toBeChecked();
    expect(drafts(fake.calls)).toEqual([]);
    expect(readLocalDraft(localStorage, KEY)).toBeNull();
  });

  it('lists the unanswered questions in the review and submits only after one confirmation', async () => {
    let submitted: string | null = null;
    const fake = renderExam({
      'GET /me/exams/5': () => ({
        body: exam(submitted ? { submitted: true, submittedAt: submitted } : {}),
      }),
      ...draftRoutes(),
      'POST /api/v1/submissions/exam/5/mcq': () => {
        submitted = '2026-11-25T10:15:00.000Z';
        return {
          status: 201,
          body: { id: 9, examId: 5, submittedAt: submitted, mcqScore: 16.67, traditionalScore: null },
        };
      },
    });
    await choose(/Question 2/, 'Bases option 1');
    await userEvent.click(screen.getByRole('button', { name: 'Review and submit' }));
    expect(screen.getByText(/2 questions unanswered:/)).toHaveTextContent('2 questions unanswered: 1, 3');
    expect(screen.getByRole('link', { name: 'Question 2, answered' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Question 3, unanswered' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(screen.getByText(CONFIRM_SUBMIT)).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
    // Changing one's mind goes back to the questions with nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Keep answering' }));
    expect(screen.queryByText(CONFIRM_SUBMIT)).not.toBeInTheDocument();
    await choose(/Question 3/, 'Salts option 2');
    await userEvent.click(screen.getByRole('button', { name: 'Review and submit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    const status = await screen.findByText('Submitted');
    expect(status.closest('[role="status"]')).toHaveTextContent(
      `Submitted ${formatWhen('2026-11-25T10:15:00.000Z', ZONE)}`,
    );
    expect(screen.getByText(/Your mark:/)).toHaveTextContent('Your mark: 16.67 out of 50');
    expect(fake.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        answers: [
          { questionId: 2, optionId: 21 },
          { questionId: 3, optionId: 32 },
        ],
      },
    ]);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(readLocalDraft(localStorage, KEY)).toBeNull();
  });

  it('says the server’s refusal and shows the exam as the server now has it', async () => {
    let handedIn = false;
    renderExam({
      'GET /me/exams/5': () => ({
        body: exam(handedIn ? { submitted: true, submittedAt: '2026-11-25T11:00:00.000Z' } : {}),
      }),
      ...draftRoutes(),
      'POST /api/v1/submissions/exam/5/mcq': () => {
        handedIn = true;
        return { status: 409, body: { message: 'The due date of this exam has passed.' } };
      },
    });
    await choose(/Question 1/, 'Acids option 1');
    await userEvent.click(screen.getByRole('button', { name: 'Review and submit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The due date of this exam has passed.');
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('shows a submitted exam with its time and no questions', async () => {
    renderExam({
      'GET /me/exams/5': { body: exam({ submitted: true, submittedAt: '2026-11-20T04:30:00.000Z' }) },
    });
    const status = await screen.findByText('Submitted');
    await waitFor(() =>
      expect(status.closest('[role="status"]')).toHaveTextContent(formatWhen('2026-11-20T04:30:00.000Z', ZONE)),
    );
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review and submit' })).not.toBeInTheDocument();
  });

  it('asks again at the due time and shows the sitting the server handed in', async () => {
    let reads = 0;
    renderExam({
      'GET /me/exams/5': () => {
        reads += 1;
        // The first read raced the server's hand-in; the next one sees it.
        return {
          body: exam(
            reads === 1
              ? { dueDate: inHours(-0.001), hasDraft: true }
              : { dueDate: inHours(-0.001), submitted: true, submittedAt: inHours(-0.001) },
          ),
        };
      },
    });
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    expect(reads).toBe(2);
    expect(screen.queryByText(CLOSED)).not.toBeInTheDocument();
  });

  it('says a missed exam has closed', async () => {
    renderExam({ 'GET /me/exams/5': { body: exam({ dueDate: inHours(-1) }) } });
    expect(await screen.findByText(CLOSED)).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
