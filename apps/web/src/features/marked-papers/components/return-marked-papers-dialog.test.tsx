import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BulkReturnReport } from '@valence/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { stubApi } from '../../../test/stub-api';
import { MARKED_PAPER_TEXTS } from '../messages';
import { MarkedPaperActions } from './marked-paper-actions';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const RETURN = 'POST /api/v1/exams/6/marked-papers';

const report = (changes: Partial<BulkReturnReport> = {}): BulkReturnReport => ({
  dryRun: true,
  matched: [
    { file: 'nimal.pdf', username: 'nimal', submissionId: 11 },
    { file: '1042.jpg', username: 'kamala', submissionId: 12 },
  ],
  unmatchedFiles: ['stranger.pdf'],
  scriptsWithoutFile: ['sunil'],
  alreadyMarked: ['kamala'],
  marks: { rows: 2, errors: [] },
  applied: 0,
  ...changes,
});

type Answer = { status?: number; body?: unknown };

function setup(dryRun: Answer, apply: Answer = { body: report({ dryRun: false, applied: 2 }) }) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const api = stubApi({ [`${RETURN}?dryRun=true`]: dryRun, [`${RETURN}?dryRun=false`]: apply });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  renderWithProviders(<MarkedPaperActions examId={6} />);
  return { ...api, user: userEvent.setup() };
}

async function checkZip(user: ReturnType<typeof userEvent.setup>, file = new File(['PK'], 'marked.zip')) {
  await user.click(screen.getByRole('button', { name: MARKED_PAPER_TEXTS.open }));
  await user.upload(await screen.findByLabelText(MARKED_PAPER_TEXTS.zipLabel), file);
  await user.click(screen.getByRole('button', { name: MARKED_PAPER_TEXTS.check }));
}

// Several dialog steps with a user's pace of typing: more than the default 5 s on a busy CI machine.
describe('Return marked papers', { timeout: 20_000 }, () => {
  it('walks from the zip through the dry run’s report to Apply and its result', async () => {
    const { user, forms } = setup({ body: report() });
    expect(screen.getByRole('button', { name: MARKED_PAPER_TEXTS.download })).toBeInTheDocument();
    await checkZip(user);

    const summary = await screen.findByRole('region', { name: 'Zip report' });
    expect(within(summary).getByText(MARKED_PAPER_TEXTS.ready(2, 2))).toBeInTheDocument();
    const matched = within(summary).getByRole('region', { name: 'Matched' });
    const rows = within(matched).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['nimal.pdfnimal', '1042.jpgkamalaReplaces marked paper']);
    expect(within(summary).getByRole('region', { name: 'Unmatched files' })).toHaveTextContent('stranger.pdf');
    expect(within(summary).getByRole('region', { name: 'Scripts with no file' })).toHaveTextContent('sunil');
    expect(within(summary).getByRole('region', { name: 'marks.csv' })).toHaveTextContent('2 lines, no errors.');
    expect(forms.map((sent) => sent.path)).toEqual(['/api/v1/exams/6/marked-papers?dryRun=true']);
    expect((forms[0]?.form.get('file') as File | undefined)?.name).toBe('marked.zip');

    await user.click(screen.getByRole('button', { name: MARKED_PAPER_TEXTS.apply }));
    expect(await screen.findByText(MARKED_PAPER_TEXTS.done(2))).toBeInTheDocument();
    expect(forms.map((sent) => sent.path)).toEqual([
      '/api/v1/exams/6/marked-papers?dryRun=true',
      '/api/v1/exams/6/marked-papers?dryRun=false',
    ]);
  });

  it('lists marks.csv’s errors by line and keeps Apply disabled', async () => {
    const { user, forms } = setup({
      body: report({ marks: { rows: 3, errors: [{ line: 3, message: 'Traditional Score must be from 0 to 100.' }] } }),
    });
    await checkZip(user);
    const marks = await screen.findByRole('region', { name: 'marks.csv' });
    expect(within(marks).getAllByRole('row')[1]).toHaveTextContent('3Traditional Score must be from 0 to 100.');
    expect(screen.getByText(MARKED_PAPER_TEXTS.marksErrors)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MARKED_PAPER_TEXTS.apply })).toBeDisabled();
    expect(forms).toHaveLength(1);
  });

  it('shows the server’s reason for a file that is not a zip, and offers no Apply', async () => {
    const { user } = setup({ status: 400, body: { message: 'Please upload a .zip file of marked papers.' } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await checkZip(user, new File(['%PDF'], 'renamed-paper.zip'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload a .zip file of marked papers.');
    expect(screen.getByRole('button', { name: MARKED_PAPER_TEXTS.apply })).toBeDisabled();
  });
});
