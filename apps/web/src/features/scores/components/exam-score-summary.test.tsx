import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { pdfSaves } from '../../../test/pdf-saves';
import { type FakeRoute, fakeFetch, renderWithProviders } from '../../../test/render';
import { SCORE_ROWS } from '../test-fixtures';
import { ExamScoreSummary } from './exam-score-summary';

// The report PDF is drawn by the server and handed to the download: recorded by name here.
vi.mock('../../../lib/download', async () => ({
  saveBlob: (await import('../../../test/pdf-saves')).recordedSaveBlob,
}));

const PATH = 'GET /api/v1/exams/student/1/score-summary';

function setup(
  answer: FakeRoute | { status?: number; body?: unknown } = { body: SCORE_ROWS },
  pdf: { status?: number; body?: unknown } = { body: {} },
) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const fetch = fakeFetch({ [PATH]: answer, [`${PATH}.pdf`]: pdf });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(
    <>
      <StatusOutlet />
      <ExamScoreSummary studentId={1} username="pupil1" timeZone="Asia/Colombo" />
    </>,
  );
  return { fetch, user: userEvent.setup() };
}

const panel = () => screen.findByRole('region', { name: 'Exam Score Summary' });

describe('Exam score summary panel', () => {
  it('pages the scores 5 at a time, two decimals, a dash for a part not marked', async () => {
    const { user } = setup();
    const table = await screen.findByRole('table', { name: 'Exam Score Summary' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Exam Code', 'MCQ', 'PART II', 'Total']);
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getByText('CHEM101_MID').closest('tr')).toHaveTextContent('CHEM101_MID32.5071.3568.18');
    expect(within(table).getByText('ORG_UNIT1').closest('tr')).toHaveTextContent('ORG_UNIT145.00—45.00(MCQ only)');
    expect(within(table).getByText('ORG_UNIT2').closest('tr')).toHaveTextContent('ORG_UNIT2———');
    expect(within(table).queryByText('INORG_REVISION')).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2 (6 items)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(table).getByText('INORG_REVISION').closest('tr')).toHaveTextContent('INORG_REVISION41.0088.0085.00');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('says when the student has no exam scores', async () => {
    setup({ body: [] });
    expect(await within(await panel()).findByText('No exam scores yet.')).toBeInTheDocument();
  });

  it('exports the scores as a PDF named after the student, and says so', async () => {
    const { user } = setup();
    await screen.findByRole('table', { name: 'Exam Score Summary' });
    await user.click(screen.getByRole('button', { name: 'Export PDF' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Exam scores summary exported successfully');
    expect(status).toHaveAttribute('data-kind', 'success');
    expect(pdfSaves.names).toEqual(['exam_scores_pupil1.pdf']);
  });

  it("says why an export failed, in red: the server's reason", async () => {
    // The server draws the report from the marks as they are now; its answer fails.
    const { user } = setup({ body: SCORE_ROWS }, { status: 500, body: { message: 'Database unavailable' } });
    await screen.findByRole('table', { name: 'Exam Score Summary' });
    await user.click(screen.getByRole('button', { name: 'Export PDF' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error exporting exam scores summary: Database unavailable');
    expect(alert).toHaveAttribute('data-kind', 'error');
    expect(pdfSaves.names).toEqual([]);
  });

  it('says why an export failed, in red: the PDF could not be made', async () => {
    const { user } = setup();
    pdfSaves.failure = new Error('quota exceeded');
    await screen.findByRole('table', { name: 'Exam Score Summary' });
    await user.click(screen.getByRole('button', { name: 'Export PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error exporting exam scores summary: Failed to generate exam scores summary PDF',
    );
  });
});
