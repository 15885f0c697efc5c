import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MARKING_MESSAGES, type MarkingOverview, type StudioScript, SUBMISSION_MESSAGES } from '@valence/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { stubApi } from '../../../test/stub-api';
import { MarkingStudio } from './marking-studio';

const OVERVIEW: MarkingOverview = {
  examId: 6,
  examTitle: 'Thermochemistry Paper II',
  examIdentifier: 'CHEM101_FINAL',
  courseTitle: 'Physical Chemistry',
  total: 3,
  marked: 1,
  markScheme: [],
  comments: ['Show your working.', 'Check the units.'],
};

const SCRIPT: StudioScript = {
  id: 11,
  examId: 6,
  studentId: 101,
  studentName: 'Amaya Perera',
  username: 'amaya',
  submittedAt: '2026-05-01T04:00:00.000Z',
  traditionalScore: null,
  questionMarks: null,
  instructorFeedback: null,
  gradedAt: null,
  version: 7,
  scriptKind: 'png',
  scriptUrl: 'https://files.example/11.png',
  markedPaperUrl: null,
  previousId: 10,
  nextId: 12,
};

function setup(overview: MarkingOverview = OVERVIEW, next: number | null = 13) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const api = stubApi({
    'GET /api/v1/exams/6/marking': { body: overview },
    'GET /api/v1/submissions/11/script': { body: SCRIPT },
    'GET /api/v1/submissions/11/annotations': {
      body: { items: [{ page: 1, kind: 'cross', x: 0.5, y: 0.5 }], updatedAt: null, updatedBy: null, version: 7 },
    },
    'PUT /api/v1/submissions/11/annotations': ({ body }) => ({
      body: { ...(body as object), updatedAt: '2026-05-02T00:00:00.000Z', updatedBy: 'tutor', version: 8 },
    }),
    'POST /api/v1/submissions/11/grade': {
      body: {
        ...SCRIPT,
        mcqScore: null,
        submittedAnswerDownloadUrl: null,
        markedPaperPath: null,
        markedPaperDownloadUrl: null,
      },
    },
    'POST /api/v1/exams/6/marking/next': { body: { submissionId: next, total: 3, marked: 2 } },
  });
  const onOpen = vi.fn();
  renderWithProviders(
    <MarkingStudio
      examId={6}
      scriptId={11}
      contentDeleted={false}
      onOpen={onOpen}
      submissionsPath="/exams/6/submissions"
    />,
  );
  return { ...api, onOpen, user: userEvent.setup() };
}

afterEach(() => vi.useRealTimers());

describe('Marking studio', () => {
  it('saves the score and feedback (a comment of the bank by click and by Alt+2), then opens the next unmarked script', async () => {
    const { forms, calls, onOpen, user } = setup();
    expect(await screen.findByText('1 of 3 marked')).toBeInTheDocument();
    const score = await screen.findByRole('textbox', { name: 'Score (out of 100)' });
    await user.type(score, '101');
    expect(await screen.findByText(SUBMISSION_MESSAGES.scoreRange)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(forms).toEqual([]);

    await user.clear(score);
    await user.type(score, '72.5');
    await user.click(screen.getByRole('button', { name: 'Insert comment: Show your working.' }));
    const feedback = screen.getByRole('textbox', { name: 'Feedback' });
    await user.click(feedback);
    await user.keyboard('{Alt>}2{/Alt}');
    expect(feedback).toHaveValue('Show your working.\nCheck the units.');

    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(13));
    const form = forms[0]?.form;
    expect(form?.get('traditionalScore')).toBe('72.5');
    expect(form?.get('instructorFeedback')).toBe('Show your working.\nCheck the units.');
    expect(form?.has('questionMarks')).toBe(false);
    expect(calls.some((call) => call.path === '/api/v1/exams/6/marking/next?after=11')).toBe(true);
  }, 20_000);

  it('asks a mark per question with a scheme and sends them with their sum', async () => {
    const { forms, onOpen, user } = setup(
      {
        ...OVERVIEW,
        markScheme: [
          { label: 'Q1', maxMarks: 60 },
          { label: 'Q2', maxMarks: 40 },
        ],
      },
      null,
    );
    const q1 = await screen.findByRole('textbox', { name: 'Q1 (out of 60)' });
    await user.type(q1, '45.25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MARKING_MESSAGES.questionMarks)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Q2 (out of 40)' }), '27.25');
    expect(screen.getByTestId('score-total')).toHaveTextContent('72.5 / 100');
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    expect(await screen.findByText('All scripts are marked.')).toBeInTheDocument();
    expect(onOpen).not.toHaveBeenCalled();
    expect(forms[0]?.form.get('traditionalScore')).toBe('72.5');
    expect(forms[0]?.form.get('questionMarks')).toBe('[45.25,27.25]');
  }, 20_000);

  it('autosaves the annotations a second after a tick, undoes with Ctrl+Z, and goes on with n', async () => {
    const { calls, onOpen } = setup();
    const picture = await screen.findByRole('img', { name: 'Script of Amaya Perera' });
    fireEvent.load(picture);
    const layer = await screen.findByRole('img', { name: 'Annotations on page 1' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.pointerDown(layer, { button: 0, clientX: 0, clientY: 0 });
    expect(screen.getByTestId('save-state')).toHaveTextContent('Saving…');
    await act(() => vi.advanceTimersByTimeAsync(1100));
    const puts = () => calls.filter((call) => call.method === 'PUT');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({
      items: [
        { page: 1, kind: 'cross', x: 0.5, y: 0.5 },
        { page: 1, kind: 'tick', x: 0, y: 0 },
      ],
    });
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent('Saved'));

    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await act(() => vi.advanceTimersByTimeAsync(1100));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.body).toEqual({ items: [{ page: 1, kind: 'cross', x: 0.5, y: 0.5 }] });

    fireEvent.keyDown(window, { key: 'n' });
    expect(onOpen).toHaveBeenCalledWith(12);
    const toolbar = screen.getByRole('toolbar', { name: 'Annotation tools' });
    expect(within(toolbar).getByRole('button', { name: 'Tick' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('places a text comment where the page was clicked, once, on Enter', async () => {
    const { calls, user } = setup();
    fireEvent.load(await screen.findByRole('img', { name: 'Script of Amaya Perera' }));
    const layer = await screen.findByRole('img', { name: 'Annotations on page 1' });
    await user.click(screen.getByRole('button', { name: 'Text comment' }));
    fireEvent.pointerDown(layer, { button: 0, clientX: 0, clientY: 0 });
    await user.type(screen.getByRole('textbox', { name: 'Comment text' }), 'Units?{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Comment text' })).not.toBeInTheDocument();
    expect(within(layer).getByText('Units?')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1), { timeout: 3000 });
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      items: [
        { page: 1, kind: 'cross', x: 0.5, y: 0.5 },
        { page: 1, kind: 'text', x: 0, y: 0, text: 'Units?' },
      ],
    });
  }, 15_000);

  it('asks before n leaves a typed mark unsaved', async () => {
    const { onOpen, user } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Score (out of 100)' }), '5');
    fireEvent.keyDown(document.body, { key: 'n' });
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(onOpen).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(12));
  }, 15_000);

  it('refuses to mark once the content is deleted, with the grading message', async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    stubApi({ 'GET /api/v1/exams/6/marking': { body: OVERVIEW } });
    renderWithProviders(
      <MarkingStudio examId={6} scriptId={11} contentDeleted onOpen={vi.fn()} submissionsPath="/exams/6/submissions" />,
    );
    expect(await screen.findByText(SUBMISSION_MESSAGES.contentDeleted)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save and next' })).not.toBeInTheDocument();
  });
});
