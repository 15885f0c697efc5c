import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type FakeRoute, renderWithProviders } from '../../../test/render';
import { gradedAnswer, NO_ANNOTATIONS, OVERVIEW, SCRIPT, stubStudio } from '../test-fixtures';
import { MarkingStudio } from './marking-studio';

/** Two tabs on one script, and the ways out of the studio with a mark typed and not saved. */
const graded = (version: number, score: number | null) => gradedAnswer({ ...SCRIPT, traditionalScore: score, version });

const STALE = {
  message: 'Nimal Perera changed this submission at 2026-05-01 10:05, after the version you sent.',
  version: 9,
  changedBy: 'Nimal Perera',
  changedAt: '2026-05-01T04:35:00.000Z',
};

function setup({
  grade = () => ({ body: graded(8, 40) }),
  script = () => ({ body: SCRIPT }),
  entries = ['/exams/6/mark?script=11'],
}: {
  grade?: FakeRoute;
  script?: FakeRoute;
  entries?: string[];
} = {}) {
  const api = stubStudio({
    overview: OVERVIEW,
    open: (request) => ({
      body: { overview: OVERVIEW, script: script(request).body, annotations: NO_ANNOTATIONS },
    }),
    script,
    grade,
  });
  const onOpen = vi.fn();
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/exams/6/submissions" element={<p>Submissions page</p>} />
      <Route
        path="*"
        element={<MarkingStudio examId={6} scriptId={11} onOpen={onOpen} submissionsPath="/exams/6/submissions" />}
      />
    </Routes>,
    { entries },
  );
  return { ...api, ...rendered, onOpen, user: userEvent.setup() };
}

describe('Marking studio: a save over a newer one', () => {
  it('sends the version it opened; on a newer save names who and when, and overwrites when asked', async () => {
    let sent = 0;
    const { forms, user } = setup({
      grade: () => (sent++ === 0 ? { status: 409, body: STALE } : { body: graded(10, 40) }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Score (out of 100)' }), '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(STALE.message);
    expect(forms.map((form) => form.ifMatch)).toEqual(['"7"']);
    expect(screen.getByRole('textbox', { name: 'Score (out of 100)' })).toHaveValue('40');
    await user.click(within(alert).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(forms.map((form) => form.ifMatch)).toEqual(['"7"', '"9"']));
    expect(forms[1]?.form.get('traditionalScore')).toBe('40');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  }, 20_000);

  it('reloads: the script and its annotations are read again and the typed mark gives way to theirs', async () => {
    let reads = 0;
    const { calls, forms, user } = setup({
      grade: () => ({ status: 409, body: STALE }),
      // The other tab's mark is there on the next read.
      script: () => ({ body: reads++ === 0 ? SCRIPT : { ...SCRIPT, traditionalScore: 70, version: 9 } }),
    });
    const score = await screen.findByRole('textbox', { name: 'Score (out of 100)' });
    await user.type(score, '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    const annotationReads = () => calls.filter((call) => call.path === '/api/v1/submissions/11/annotations').length;
    const before = annotationReads();
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Score (out of 100)' })).toHaveValue('70'));
    expect(annotationReads()).toBeGreaterThan(before);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(forms).toHaveLength(1);
  }, 20_000);

  it('saves the annotations with the version, and the mark after them with the version they answered', async () => {
    const { ifMatches, user } = setup();
    fireEvent.load(await screen.findByRole('img', { name: 'Script of Amaya Perera' }));
    const layer = await screen.findByRole('img', { name: 'Annotations on page 1' });
    fireEvent.pointerDown(layer, { button: 0, clientX: 0, clientY: 0 });
    await user.type(screen.getByRole('textbox', { name: 'Score (out of 100)' }), '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        ifMatches
          .filter((call) => call.method !== 'GET' && !call.path.includes('/marking/open'))
          .map((call) => [call.method, call.ifMatch]),
      ).toEqual([
        ['PUT', '"7"'],
        ['POST', '"8"'],
      ]),
    );
  }, 20_000);
});

describe('Marking studio: leaving with a typed mark', () => {
  it('asks on "Back to Submissions", stays when told, leaves when told', async () => {
    const { user } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Score (out of 100)' }), '40');
    await user.click(screen.getByRole('link', { name: 'Back to Submissions' }));
    let dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Score (out of 100)' })).toHaveValue('40');
    expect(screen.queryByText('Submissions page')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to Submissions' }));
    dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Submissions page')).toBeInTheDocument();
  }, 20_000);

  it('asks on the browser’s Back', async () => {
    const { router, user } = setup({ entries: ['/exams/6/submissions', '/exams/6/mark?script=11'] });
    await user.type(await screen.findByRole('textbox', { name: 'Score (out of 100)' }), '40');
    await act(() => router.navigate(-1));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(screen.queryByText('Submissions page')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Submissions page')).toBeInTheDocument();
  }, 20_000);

  /** The studio with 40 typed and saved: the script reads back marked from then on. */
  async function savedForty() {
    let saved = false;
    const { user } = setup({
      grade: () => {
        saved = true;
        return { body: graded(8, 40) };
      },
      script: () => ({ body: saved ? { ...SCRIPT, traditionalScore: 40, version: 8 } : SCRIPT }),
    });
    const score = await screen.findByRole('textbox', { name: 'Score (out of 100)' });
    await user.type(score, '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText(/marked 40/)).toBeInTheDocument());
    return { score, user };
  }

  it('lets go without asking once the typed mark is saved', async () => {
    const { user } = await savedForty();
    await user.click(screen.getByRole('link', { name: 'Back to Submissions' }));
    expect(await screen.findByText('Submissions page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 20_000);

  it('asks again when a mark is typed after a save', async () => {
    const { score, user } = await savedForty();
    await user.type(score, '.5');
    await user.click(screen.getByRole('link', { name: 'Back to Submissions' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
  }, 20_000);

  it('has the browser ask before the tab is closed with a typed mark', async () => {
    const { user } = setup();
    const score = await screen.findByRole('textbox', { name: 'Score (out of 100)' });
    const closing = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(closing()).toBe(false);
    await user.type(score, '40');
    expect(closing()).toBe(true);
  }, 20_000);
});
