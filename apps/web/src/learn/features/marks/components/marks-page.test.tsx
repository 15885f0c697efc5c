import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOTAL_FORMULA } from '@valence/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsBody } from '../../../../test/settings';
import { fakeFetch, renderLearn } from '../../../test/render';
import { marksRow, mcqPart, partTwoPart } from '../test-fixtures';
import MarksPage, { NO_MARKS, PDF_FAILED } from './marks-page';

/** TERM_2: everything published; TERM_1: MCQ marked, PART II marked but its marks not published. */
const ROWS = [
  marksRow('TERM_2', {
    mcq: mcqPart({ score: 45, feedback: 'Watch the signs of $\\Delta H$.' }),
    partTwo: partTwoPart({
      status: 'Marked',
      published: true,
      score: 82,
      grade: 'A',
      feedback: 'Balance \\ce{H2O + CO2 -> H2CO3} first.',
      markedPaperUrl: '/api/files/marked/kasun.pdf?expires=1&signature=x&name=kasun_TERM_2_marked.pdf',
    }),
    combinedTotalScore: 86,
  }),
  marksRow('TERM_1', { mcq: mcqPart({ score: 25 }), combinedTotalScore: 25 }),
];

const serve = (rows: unknown = ROWS, marksStatus = 200) =>
  fakeFetch({
    'GET /me/marks': { status: marksStatus, body: rows },
    'GET /settings': { body: settingsBody('Asia/Colombo') },
    'GET /me': { body: { id: 7, username: 'kasun', roles: ['ROLE_STUDENT'], language: null, dataSaver: false } },
  });

const card = async (identifier: string) =>
  (await screen.findByRole('heading', { name: identifier, level: 2 })).closest('section') as HTMLElement;

describe('my marks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows published marks with grade, total and marked paper, and hides unpublished ones', async () => {
    vi.stubGlobal('fetch', serve().fn);
    renderLearn(<MarksPage writePdf={vi.fn()} />, { path: '/marks' });

    const published = await card('TERM_2');
    expect(within(published).getByText('45 / 50')).toBeInTheDocument();
    expect(within(published).getByText('82 / 100')).toBeInTheDocument();
    expect(within(published).getByText(/Grade A/)).toBeInTheDocument();
    expect(within(published).getByText('86 / 100')).toBeInTheDocument();
    expect(within(published).getAllByText('Marked')).toHaveLength(2);
    expect(within(published).getByRole('link', { name: 'Download marked paper' })).toHaveAttribute(
      'href',
      ROWS[0]?.partTwo?.markedPaperUrl,
    );

    const waiting = await card('TERM_1');
    expect(within(waiting).getByText('Submitted — marks not published yet')).toBeInTheDocument();
    // Out of 100 only the total: no PART II mark while its marks are not published.
    expect(
      within(waiting)
        .getAllByText(/\/ 100$/)
        .map((element) => element.textContent),
    ).toEqual(['25 / 100']);
    expect(within(waiting).queryByText(/Grade/)).toBeNull();
    expect(within(waiting).queryByRole('link', { name: 'Download marked paper' })).toBeNull();
    // The total says it counts the MCQ alone while PART II is still to come.
    expect(within(waiting).getByText('25 / 50')).toBeInTheDocument();
    expect(within(waiting).getByText('(MCQ only so far)')).toBeInTheDocument();
  });

  it('says which parts a total is made of and how, so one part alone is not read as the whole', async () => {
    const rows = [
      // A perfect five-question MCQ, no PART II under the identifier.
      marksRow('QUIZ_5', { mcq: mcqPart({ score: 50 }), partTwo: null, combinedTotalScore: 50 }),
      // PART II marked and published, no MCQ.
      marksRow('ESSAY_1', {
        mcq: null,
        partTwo: partTwoPart({ status: 'Marked', published: true, score: 85.5, grade: 'A' }),
        combinedTotalScore: 42.75,
      }),
    ];
    vi.stubGlobal('fetch', serve(rows).fn);
    renderLearn(<MarksPage writePdf={vi.fn()} />, { path: '/marks' });

    const quiz = await card('QUIZ_5');
    expect(within(quiz).getByText('50 / 50')).toBeInTheDocument();
    expect(within(quiz).getByText('50 / 100')).toBeInTheDocument();
    expect(within(quiz).getByText('(MCQ only so far)')).toBeInTheDocument();
    const essay = await card('ESSAY_1');
    expect(within(essay).getByText('85.5 / 100')).toBeInTheDocument();
    expect(within(essay).getByText('42.75 / 100')).toBeInTheDocument();
    expect(within(essay).getByText('(PART II only so far)')).toBeInTheDocument();
    // The formula is on the screen, not only in the PDF: once for the page.
    expect(screen.getAllByText(TOTAL_FORMULA)).toHaveLength(1);
  });

  it('renders the tutor’s feedback with its chemistry notation', async () => {
    vi.stubGlobal('fetch', serve().fn);
    renderLearn(<MarksPage writePdf={vi.fn()} />, { path: '/marks' });
    const published = await card('TERM_2');
    expect(within(published).getAllByText('Feedback from your tutor')).toHaveLength(2);
    expect(published).toHaveTextContent('Balance');
    expect(published).toHaveTextContent('first.');
    // The notation is typeset (KaTeX loads on demand), not left as the source the tutor typed.
    await waitFor(() => expect(published.querySelectorAll('.katex')).toHaveLength(2));
    expect(published.querySelector('[data-formula="raw"]')).toBeNull();
  });

  it('makes the PDF from the rows shown, with the student’s username and the platform zone', async () => {
    const fake = serve();
    vi.stubGlobal('fetch', fake.fn);
    const writePdf = vi.fn().mockResolvedValue(undefined);
    renderLearn(<MarksPage writePdf={writePdf} />, { path: '/marks' });
    await card('TERM_2');
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(writePdf).toHaveBeenCalledTimes(1));
    expect(writePdf).toHaveBeenCalledWith({ username: 'kasun', timeZone: 'Asia/Colombo', rows: ROWS });
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toContain('GET /me');
  });

  it('says so when the PDF cannot be made, and the marks stay on screen', async () => {
    vi.stubGlobal('fetch', serve().fn);
    const writePdf = vi.fn().mockRejectedValue(new Error('canvas'));
    renderLearn(<MarksPage writePdf={writePdf} />, { path: '/marks' });
    await card('TERM_2');
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PDF_FAILED);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    expect(screen.getByText('82 / 100')).toBeInTheDocument();
  });

  it('says when there are no marks yet, without a PDF button', async () => {
    vi.stubGlobal('fetch', serve([]).fn);
    renderLearn(<MarksPage writePdf={vi.fn()} />, { path: '/marks' });
    expect(await screen.findByText(NO_MARKS)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });

  it('shows the server’s reason when the marks cannot be read', async () => {
    vi.stubGlobal('fetch', serve({ message: 'The server is busy. Please try again.' }, 503).fn);
    renderLearn(<MarksPage writePdf={vi.fn()} />, { path: '/marks' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy. Please try again.');
  });
});
