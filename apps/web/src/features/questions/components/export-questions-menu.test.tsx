import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { stubApi } from '../test-api';
import { ExportQuestionsMenu } from './export-questions-menu';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function setup(answer: { status?: number; body?: unknown }) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const api = stubApi({ 'GET /api/v1/exams/5/mcq-questions/export': answer });
  // jsdom makes no object URLs and downloads nothing: record what the browser would be handed.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:questions';
      static override revokeObjectURL = () => {};
    },
  );
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(`${this.download} ${this.href}`);
  });
  renderWithProviders(
    <>
      <StatusOutlet />
      <ExportQuestionsMenu examId={5} />
    </>,
  );
  return { ...api, saved, user: userEvent.setup() };
}

describe('ExportQuestionsMenu', () => {
  it('downloads the chosen format with the token and names the file', async () => {
    const { calls, saved, user } = setup({ body: 'question,option1' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export Aiken' }));
    await waitFor(() => expect(saved).toEqual(['exam-5-questions.txt blob:questions']));
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/exams/5/mcq-questions/export?format=aiken']);
    expect(await screen.findByText('Questions exported as Aiken.')).toBeInTheDocument();
  });

  it("says why an export failed in the server's words", async () => {
    const { saved, user } = setup({ status: 404, body: { message: 'Exam not found.' } });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export CSV' }));
    expect(await screen.findByText('Error exporting questions: Exam not found.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
