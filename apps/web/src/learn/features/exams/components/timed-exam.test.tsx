import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentExam, StudentExamSummary } from '@valence/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsBody } from '../../../../test/settings';
import { resetServerClock } from '../../../lib/server-clock';
import { clearSession, writeSession } from '../../../lib/session';
import { formatTimeOfDay } from '../../../lib/time';
import { fakeFetch, renderLearn } from '../../../test/render';
import ExamPage from './exam-page';
import ExamsPage from './exams-page';
import { HANDING_IN_AT_DEADLINE, OFFLINE_AT_DEADLINE } from './mcq-sitting';
import { TIME_UP_NONE } from './part-two-sitting';
import { FIVE_MINUTES, ONE_MINUTE_MCQ, ONE_MINUTE_UPLOAD, startQuestion } from './timed-sitting';

const ZONE = 'Asia/Colombo';
const MINUTE = 60_000;
/** The phone's clock is ten minutes behind the server's: every count must still be the server's. */
const SKEW = 10 * MINUTE;
const serverClock = () => Date.now() + SKEW;
const iso = (ms: number) => new Date(ms).toISOString();
const DRAFT = '/api/v1/submissions/exam/5/draft';
const HAND_IN = '/api/v1/submissions/exam/5/mcq';
const TIME_IS_UP = { status: 409, body: { message: 'Time is up.' } };

const question = (id: number, text: string) => ({
  id,
  questionText: text,
  questionImageUrl: null,
  options: [1, 2, 3, 4, 5].map((n) => ({ id: id * 10 + n, optionText: `${text} option ${n}` })),
});
const QUESTIONS = [question(1, 'Acids'), question(2, 'Bases')];

type Answer = { questionId: number; optionId: number };

/**
 * A server with its own clock (SKEW ahead of the phone's) and the rules of a timed sitting: 403
 * before the opening, the questions only once started, saves and hand-ins refused from the deadline
 * on, and the last draft handed in by the server `sweepAfter` ms past the deadline.
 */
function timedServer({
  examType = 'MCQ',
  limit = 120,
  opensAt = null,
  startedAt = null,
  deadline = null,
  sweepAfter = 10_000,
}: {
  examType?: 'MCQ' | 'TRADITIONAL';
  limit?: number;
  opensAt?: number | null;
  startedAt?: number | null;
  deadline?: number | null;
  sweepAfter?: number;
} = {}) {
  const state = {
    sitting: startedAt === null ? null : { startedAt, deadline: deadline ?? startedAt + limit * MINUTE },
    draft: null as { answers: Answer[]; revision: number } | null,
    handedIn: null as { answers: Answer[]; at: number; atDeadline: boolean } | null,
    /** The hand-ins the server refused or took, in order. */
    posts: [] as Answer[][],
  };
  const dueDate = serverClock() + 24 * 60 * MINUTE;
  const pastDeadline = () => state.sitting !== null && serverClock() >= state.sitting.deadline;
  // The server's sweep: a draft left at the deadline is handed in by the server a little later.
  const sweep = () => {
    if (!state.handedIn && state.sitting && serverClock() >= state.sitting.deadline + sweepAfter)
      state.handedIn = { answers: state.draft?.answers ?? [], at: state.sitting.deadline, atDeadline: true };
  };
  const summary = (): StudentExamSummary => ({
    id: 5,
    courseId: 1,
    courseTitle: 'Chemistry 2026',
    title: 'A/L Paper I',
    description: '',
    dueDate: iso(dueDate),
    examType,
    examIdentifier: 'AL1',
    questionCount: QUESTIONS.length,
    submitted: state.handedIn !== null,
    submittedAt: state.handedIn ? iso(state.handedIn.at) : null,
    hasDraft: state.draft !== null,
    opensAt: opensAt === null ? null : iso(opensAt),
    timeLimitMinutes: limit,
    sitting: state.sitting && { startedAt: iso(state.sitting.startedAt), deadline: iso(state.sitting.deadline) },
  });
  const exam = (): StudentExam => ({
    ...summary(),
    marked: state.handedIn !== null && examType === 'MCQ',
    answerUrl: null,
    serverNow: iso(serverClock()),
    questions: state.sitting && examType === 'MCQ' ? QUESTIONS : [],
  });
  const fake = fakeFetch({
    'GET /settings': { body: settingsBody(ZONE) },
    'GET /me/exams': () => ({ body: [summary()] }),
    'GET /me/exams/5': () => {
      sweep();
      if (opensAt !== null && serverClock() < opensAt)
        return { status: 403, body: { message: 'This exam opens at 03 Dec 2026, 09:00.' } };
      return { body: exam() };
    },
    'POST /me/exams/5/start': () => {
      state.sitting ??= { startedAt: serverClock(), deadline: serverClock() + limit * MINUTE };
      return {
        body: {
          startedAt: iso(state.sitting.startedAt),
          deadline: iso(state.sitting.deadline),
          serverNow: iso(serverClock()),
        },
      };
    },
    [`GET ${DRAFT}`]: () =>
      state.draft
        ? { body: { examId: 5, ...state.draft, updatedAt: iso(serverClock()) } }
        : { status: 404, body: { message: 'No answers have been saved for this exam yet.' } },
    [`PUT ${DRAFT}`]: ({ body }) => {
      if (pastDeadline()) return TIME_IS_UP;
      state.draft = body as { answers: Answer[]; revision: number };
      return { body: { examId: 5, ...state.draft, updatedAt: iso(serverClock()) } };
    },
    [`POST ${HAND_IN}`]: ({ body }) => {
      const { answers } = body as { answers: Answer[] };
      state.posts.push(answers);
      if (pastDeadline()) return TIME_IS_UP;
      state.handedIn = { answers, at: serverClock(), atDeadline: false };
      return {
        status: 201,
        body: { id: 9, examId: 5, submittedAt: iso(serverClock()), mcqScore: 25, traditionalScore: null },
      };
    },
  });
  // The server's Date header, as a real answer carries it: the list's only clue to the server's time.
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = await fake.fn(input, init);
    const headers = new Headers(answer.headers);
    headers.set('Date', new Date(serverClock()).toUTCString());
    return new Response(answer.status === 204 ? null : await answer.text(), { status: answer.status, headers });
  };
  return { state, fn, calls: fake.calls };
}

function renderExamPage(server: ReturnType<typeof timedServer>) {
  vi.stubGlobal('fetch', server.fn);
  return renderLearn(<ExamPage />, { path: '/exams/5', route: '/exams/:examId' });
}

/** Moves the fake clock a step at a time, letting each tick draw (and set the next timer) in between. */
async function advance(ms: number, step = 1_000) {
  for (let done = 0; done < ms; done += step) await act(() => vi.advanceTimersByTimeAsync(Math.min(step, ms - done)));
}

const timer = () => screen.getByRole('timer');

describe('students app: timed exams', () => {
  beforeEach(() => writeSession({ token: 'student-token', roles: ['ROLE_STUDENT'] }));
  afterEach(() => {
    vi.useRealTimers();
    clearSession();
    localStorage.clear();
    vi.unstubAllGlobals();
    resetServerClock();
  });

  it('starts only after one confirmation and counts down from the server’s time, not the phone’s', async () => {
    const server = timedServer({ limit: 120 });
    renderExamPage(server);
    const start = await screen.findByRole('button', { name: 'Start (2 h)' });
    // Nothing of the paper before the start.
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    await userEvent.click(start);
    expect(screen.getByRole('alertdialog')).toHaveTextContent(startQuestion('2 h'));
    expect(startQuestion('2 h')).toBe('You will have 2 h. The clock does not stop once you start. Start now?');
    expect(server.calls.some((call) => call.path === '/me/exams/5/start')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Start now' }));

    expect(await screen.findByRole('group', { name: /Question 1/ })).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === '/me/exams/5/start')).toHaveLength(1);
    // The phone's own clock would say 2:10:00 (its clock is ten minutes behind the server's).
    expect(timer()).toHaveTextContent(/^Time left (2:00:00|1:59:5\d)$/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('resumes a sitting after a reload from the server’s deadline', async () => {
    const server = timedServer({ limit: 120, startedAt: serverClock() - 30 * MINUTE });
    renderExamPage(server);
    expect(await screen.findByRole('group', { name: /Question 2/ })).toBeInTheDocument();
    expect(timer()).toHaveTextContent(/^Time left (1:30:00|1:29:5\d)$/);
    expect(screen.queryByRole('button', { name: /^Start/ })).not.toBeInTheDocument();
  });

  it('warns at 5 minutes and at 1 minute, and hands the answers in by itself at zero', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const now = serverClock();
    const server = timedServer({ startedAt: now - 115 * MINUTE, deadline: now + 5 * MINUTE + 3_000 });
    renderExamPage(server);
    await user.click(
      within(await screen.findByRole('group', { name: /Question 2/ })).getByRole('radio', { name: 'Bases option 4' }),
    );
    await waitFor(() => expect(server.state.draft?.answers).toEqual([{ questionId: 2, optionId: 24 }]));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await advance(4_000);
    expect(screen.getByRole('alert')).toHaveTextContent(FIVE_MINUTES);
    expect(timer()).toHaveTextContent(/^Time left 4:5\d$/);
    await advance(4 * MINUTE);
    expect(screen.getByRole('alert')).toHaveTextContent(ONE_MINUTE_MCQ);
    expect(server.state.posts).toEqual([]);

    await advance(MINUTE);
    await waitFor(() => expect(server.state.posts).toEqual([[{ questionId: 2, optionId: 24 }]]));
    // In before the server's deadline: taken, not refused.
    expect(server.state.handedIn).toMatchObject({ atDeadline: false });
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('offline at zero, says the saved answers count and shows the server’s hand-in once it is made', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const now = serverClock();
    const server = timedServer({ startedAt: now - 119 * MINUTE, deadline: now + 20_000, sweepAfter: 30_000 });
    let online = true;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      online ? server.fn(input, init) : Promise.reject(new TypeError('Failed to fetch')),
    );
    renderLearn(<ExamPage />, { path: '/exams/5', route: '/exams/:examId' });
    await user.click(
      within(await screen.findByRole('group', { name: /Question 1/ })).getByRole('radio', { name: 'Acids option 3' }),
    );
    await waitFor(() => expect(server.state.draft?.answers).toEqual([{ questionId: 1, optionId: 13 }]));
    online = false;

    await advance(20_000);
    expect(await screen.findByText(OFFLINE_AT_DEADLINE)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Acids option 1' })).toBeDisabled();
    expect(server.state.posts).toEqual([]);

    // Back online: the page keeps asking after the deadline and shows the server's hand-in of the draft.
    online = true;
    await advance(60_000);
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    expect(server.state.handedIn).toMatchObject({ answers: [{ questionId: 1, optionId: 13 }], atDeadline: true });
  });

  it('says the server’s “Time is up.” and moves to the hand-in once the server has made it', async () => {
    const now = serverClock();
    // The phone still shows time (the tutor moved the close earlier); the server has already stopped the sitting.
    const server = timedServer({ startedAt: now - 60 * MINUTE, sweepAfter: 0 });
    renderExamPage(server);
    const group = await screen.findByRole('group', { name: /Question 1/ });
    expect(timer()).toHaveTextContent(/^Time left (1:00:00|0:59:5\d)$/);
    if (server.state.sitting) server.state.sitting.deadline = serverClock() - 1;
    await userEvent.click(within(group).getByRole('radio', { name: 'Acids option 2' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Time is up.');
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it('before its opening shows when it opens, counting down on the server’s clock, and nothing to start', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const opensAt = serverClock() + 12 * MINUTE + 30_000;
    const server = timedServer({ opensAt });
    renderExamPage(server);
    const when = formatTimeOfDay(iso(opensAt), serverClock(), ZONE);
    // From the phone's clock alone it would say "in 22 min".
    expect(await screen.findByText(`Opens at ${when} (in 12 min)`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'A/L Paper I' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Start/ })).not.toBeInTheDocument();

    await advance(7 * MINUTE, 10_000);
    expect(screen.getByText(`Opens at ${when} (in 5 min)`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Start/ })).not.toBeInTheDocument();
    await advance(6 * MINUTE, 10_000);
    // At the opening the page reads the exam again, and the start is offered.
    expect(await screen.findByRole('button', { name: 'Start (2 h)' })).toBeInTheDocument();
  });

  it('lists an exam not open yet with its opening and time limit, from the server’s clock', async () => {
    const opensAt = serverClock() + 12 * MINUTE + 30_000;
    const server = timedServer({ opensAt, limit: 90 });
    vi.stubGlobal('fetch', server.fn);
    renderLearn(<ExamsPage />, { path: '/exams' });
    const card = (await screen.findByText('A/L Paper I')).closest('a') as HTMLAnchorElement;
    await waitFor(() =>
      expect(card).toHaveTextContent(`Opens at ${formatTimeOfDay(iso(opensAt), serverClock(), ZONE)} (in 12 min)`),
    );
    expect(card).toHaveTextContent('Not open yet');
    expect(card).toHaveTextContent('MCQ · 1 h 30 min · Due');
  });

  it('PART II: starts the same way, counts down around the upload, and at zero takes no new upload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const server = timedServer({ examType: 'TRADITIONAL', limit: 1 });
    renderExamPage(server);
    await user.click(await screen.findByRole('button', { name: 'Start (1 min)' }));
    expect(screen.queryByRole('button', { name: 'Download the paper' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start now' }));

    expect(await screen.findByRole('button', { name: 'Download the paper' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hand in' })).toBeInTheDocument();
    expect(timer()).toHaveTextContent(/^Time left (1:00|0:5\d)$/);
    expect(screen.getByRole('alert')).toHaveTextContent(ONE_MINUTE_UPLOAD);

    await advance(61_000);
    expect(await screen.findByText(TIME_UP_NONE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hand in' })).not.toBeInTheDocument();
    expect(timer()).toHaveTextContent('Time is up.');
  });

  it('while the hand-in at zero is on its way, says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = serverClock();
    const server = timedServer({ startedAt: now - 119 * MINUTE, deadline: now + 5_000 });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') await released;
      return server.fn(input, init);
    });
    renderLearn(<ExamPage />, { path: '/exams/5', route: '/exams/:examId' });
    await screen.findByRole('group', { name: /Question 1/ });
    // The hand-in leaves a second before the deadline (and is held on its way here).
    await advance(4_000);
    expect(await screen.findByText(HANDING_IN_AT_DEADLINE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review and submit' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
  });
});
