import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Student, TOTAL_FORMULA } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { itShowsLookupFailures, marksSummary } from '../../features/scores/test-fixtures';
import { writeSession } from '../../lib/session';
import { pdfSaves } from '../../test/pdf-saves';
import { fakeFetch, pagedRoute, renderWithProviders } from '../../test/render';
import { settingsBody } from '../../test/settings';
import { StudentMarksSummaryRoute } from './student-marks-summary';

// The summary PDF is drawn by the server and handed to the download: recorded by name here.
vi.mock('../../lib/download', async () => ({ saveBlob: (await import('../../test/pdf-saves')).recordedSaveBlob }));

const STUDENTS: Student[] = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  username: `pupil${i + 1}`,
  name: null,
  loggedIn: false,
}));
const SUMMARY_PATH = '/api/v1/submissions/admin/student/25/marks-summary/CHEM101_FINAL';

function setup(summary: { status?: number; body?: unknown } = { body: marksSummary() }) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const fetch = fakeFetch({
    'GET /settings': { body: settingsBody('Asia/Colombo') },
    'GET /students': pagedRoute(STUDENTS, (s) => s.username),
    [`GET ${SUMMARY_PATH}`]: summary,
    // Named by the summary's own student (the fixture's 12).
    'GET /api/v1/submissions/admin/student/12/marks-summary/CHEM101_FINAL/summary.pdf': { body: {} },
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(<StudentMarksSummaryRoute />, { path: '/admin/student-marks-summary' });
  return { fetch, user: userEvent.setup() };
}

async function lookUp(user: ReturnType<typeof userEvent.setup>, identifier = 'CHEM101_FINAL') {
  // pupil25 is not among the first 20 offered: it appears once the server has searched.
  await user.type(screen.getByRole('combobox', { name: 'Student' }), '25');
  await user.click(await screen.findByRole('option', { name: 'pupil25' }));
  if (identifier) await user.type(screen.getByLabelText('Exam Identifier'), identifier);
  await user.click(screen.getByRole('button', { name: 'Get Summary' }));
}

const card = (name: string) => screen.findByRole('region', { name });

describe('Student Marks Summary screen', () => {
  it('asks for a student and an identifier before asking the server', async () => {
    const { fetch, user } = setup();
    expect(screen.getByRole('heading', { name: 'Student Marks Summary' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get Summary' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a student and enter an Exam Identifier.');
    await lookUp(user, '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a student and enter an Exam Identifier.');
    expect(fetch.calls.some((call) => call.path.includes('marks-summary'))).toBe(false);
  });

  it('searches students on the server as the user types, and shows both parts in the portal words', async () => {
    const { fetch, user } = setup();
    await lookUp(user);
    expect(fetch.calls.some((call) => call.path === '/students?limit=20&offset=0&q=25')).toBe(true);
    const mcq = await card('MCQ');
    expect(within(mcq).getByText('Paper I (MCQ)')).toBeInTheDocument();
    expect(within(mcq).getByText('40.00 / 50')).toBeInTheDocument();
    expect(within(mcq).getByText('Marked')).toBeInTheDocument();
    // 04:30 UTC is 10:00 in Colombo.
    expect(within(mcq).getByText('2026-03-01 10:00')).toBeInTheDocument();
    expect(within(mcq).getByText('Revise the periodic trends.')).toBeInTheDocument();
    const partTwo = await card('PART II');
    expect(within(partTwo).getByText('90.00 / 100')).toBeInTheDocument();
    expect(within(partTwo).getByText('A')).toBeInTheDocument();
    expect(within(partTwo).getByRole('link', { name: 'View Submission' })).toHaveAttribute(
      'href',
      'https://files.example/answer.pdf',
    );
    expect(within(partTwo).getByRole('link', { name: 'View Marked Paper' })).toHaveAttribute('target', '_blank');
    const overall = await card('Overall');
    expect(within(overall).getByText('Fully Marked')).toBeInTheDocument();
    expect(within(overall).getByText('85.00 / 100')).toBeInTheDocument();
  });

  it.each([
    ['Partially Graded', 'Partially Marked'],
    ['Fully Graded', 'Fully Marked'],
    ['Awaiting papers', 'Awaiting papers'],
    [null, 'N/A'],
  ])('shows the overall status %s as %s', async (status, shown) => {
    const { user } = setup({ body: marksSummary({ overallExamStatus: status }) });
    await lookUp(user);
    expect(within(await card('Overall')).getByText(shown)).toBeInTheDocument();
  });

  it("typesets chemistry notation in each part's feedback, as questions show it", async () => {
    const { user } = setup({
      body: marksSummary({
        mcqInstructorFeedback: 'Revise \\ce{Na+ + Cl- -> NaCl}.',
        traditionalInstructorFeedback: 'Good use of $K_c$.',
      }),
    });
    await lookUp(user);
    for (const name of ['MCQ', 'PART II']) {
      const part = await card(name);
      await waitFor(() => expect(part.querySelector('.katex')).not.toBeNull());
      expect(part.querySelector('[data-formula="raw"]')).toBeNull();
    }
  });

  it('shows a half-done total with two decimals and the part it is made of, and an absent part as absent', async () => {
    const summary = marksSummary({
      traditionalScore: null,
      traditionalSubmissionStatus: 'Submitted',
      traditionalMarkedPaperDownloadUrl: null,
      mcqScore: 42.175,
      totalScore: 42.175,
      overallExamStatus: 'Partially Graded',
    });
    const { user } = setup({ body: summary });
    await lookUp(user);
    const partTwo = await card('PART II');
    expect(within(partTwo).getByText('—')).toBeInTheDocument();
    expect(within(partTwo).getByText('Submitted')).toBeInTheDocument();
    expect(within(partTwo).queryByRole('link', { name: 'View Marked Paper' })).not.toBeInTheDocument();
    const overall = await card('Overall');
    expect(within(overall).getByText('42.18 / 100', { exact: false })).toBeInTheDocument();
    expect(within(overall).getByText('(MCQ only)')).toBeInTheDocument();
    // How the total is made, beside it: 42.18 is the MCQ's 42.18 of 50 plus no PART II yet.
    expect(within(overall).getByText(TOTAL_FORMULA)).toBeInTheDocument();
  });

  itShowsLookupFailures({
    setup,
    lookUp,
    refusal: 'No submissions found for CHEM101_FINAL.',
    failureText: 'Failed to fetch marks summary. Please check the Student ID and Exam Identifier.',
  });

  it('downloads the summary as a PDF named after the student and the identifier, or says it failed', async () => {
    const { user } = setup();
    await lookUp(user);
    await user.click(await screen.findByRole('button', { name: 'Download Summary PDF' }));
    await waitFor(() => expect(pdfSaves.names).toEqual(['marks_summary_Kasun_Perera_CHEM101_FINAL.pdf']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    pdfSaves.failure = new Error('quota exceeded');
    await user.click(screen.getByRole('button', { name: 'Download Summary PDF' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to export PDF. Please try again.');
    expect(alert).toHaveAttribute('data-kind', 'error');
  }, 15_000);
});
