import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MARKING_MESSAGES, type MarkingOverview, SUBMISSION_MESSAGES } from '@valence/contract';
import { useCallback, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { stubApi } from '../../../test/stub-api';
import { gradedAnswer, SCRIPT, OVERVIEW as STUDIO, stubStudio } from '../test-fixtures';
import { MarkingStudio } from './marking-studio';

const OVERVIEW: MarkingOverview = { ...STUDIO, comments: ['Show your working.', 'Check the units.'] };

const ANNOTATIONS = {
  items: [{ page: 1, kind: 'cross', x: 0.5, y: 0.5 }],
  updatedAt: null,
  updatedBy: null,
  version: 7,
} as const;

/** The studio's opening: the overview, and script 11 asked for or, after it, the next one (none: all marked). */
const opening =
  (overview: MarkingOverview, next: number | null) =>
  ({ query }: { query: URLSearchParams }) => ({
    body: query.has('after')
      ? {
          overview: { ...overview, marked: overview.marked + 1 },
          script: next === null ? null : { ...SCRIPT, id: next, previousId: 11, nextId: null },
          annotations: next === null ? null : { items: [], updatedAt: null, updatedBy: null, version: 1 },
        }
      : { overview, script: SCRIPT, annotations: ANNOTATIONS },
  });

function setup(overview: MarkingOverview = OVERVIEW, next: number | null = 13) {
  const api = stubStudio({
    overview,
    open: opening(overview, next),
    script: () => ({ body: SCRIPT }),
    annotations: ANNOTATIONS,
    grade: () => ({ body: gradedAnswer(SCRIPT) }),
    next: () => ({ body: { submissionId: next, total: 3, marked: 2 } }),
  });
  const onOpen = vi.fn();
  renderWithProviders(
    <MarkingStudio examId={6} scriptId={11} onOpen={onOpen} submissionsPath="/exams/6/submissions" />,
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
    // 'Save and next' is two calls: the grade, and the opening of the next script (nothing read again).
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/v1/exams/6/marking/open?script=11',
      'POST /api/v1/submissions/11/grade',
      'POST /api/v1/exams/6/marking/open?after=11',
    ]);
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

  it('opens in one wave: one call brings the overview, the script and its annotations', async () => {
    const { calls } = setup();
    expect(await screen.findByRole('button', { name: 'Save and next' })).toBeInTheDocument();
    expect(await screen.findByText('1 of 3 marked')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/v1/exams/6/marking/open?script=11']);
  });

  it('opens without a script in one wave too: the claimed script goes into the address and is not asked again', async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    const { calls } = stubApi({
      'POST /api/v1/exams/6/marking/open': ({ query }) => ({
        body: query.has('script')
          ? { message: 'asked twice' }
          : { overview: OVERVIEW, script: SCRIPT, annotations: ANNOTATIONS },
      }),
    });
    const opened: number[] = [];
    function Page() {
      const [scriptId, setScriptId] = useState<number | null>(null);
      const open = useCallback((id: number) => {
        opened.push(id);
        setScriptId(id);
      }, []);
      return <MarkingStudio examId={6} scriptId={scriptId} onOpen={open} submissionsPath="/exams/6/submissions" />;
    }
    renderWithProviders(<Page />);
    expect(await screen.findByRole('img', { name: 'Script of Amaya Perera' })).toBeInTheDocument();
    expect(opened).toEqual([11]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/v1/exams/6/marking/open']);
  });

  it('refuses to mark once the content is deleted, with the grading message', async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    stubApi({
      'POST /api/v1/exams/6/marking/open': { status: 409, body: { message: SUBMISSION_MESSAGES.contentDeleted } },
    });
    renderWithProviders(
      <MarkingStudio examId={6} scriptId={11} onOpen={vi.fn()} submissionsPath="/exams/6/submissions" />,
    );
    expect(await screen.findByText(SUBMISSION_MESSAGES.contentDeleted)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save and next' })).not.toBeInTheDocument();
  });
});
