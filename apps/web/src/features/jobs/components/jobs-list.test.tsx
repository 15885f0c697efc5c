import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Job, JobsPage } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { atPhoneWidth } from '../../../test/media';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { JobsList } from './jobs-list';

const FAILED: Job = {
  id: '6f1c0b9e-3d2a-4c55-9a10-5b8f2e7d4a01',
  name: 'reports.course-packs',
  state: 'failed',
  progress: { done: 20, total: 120, note: null },
  attempts: 1,
  retryLimit: 0,
  createdOn: '2026-05-01T04:30:00.000Z',
  startedOn: '2026-05-01T04:30:01.000Z',
  completedOn: '2026-05-01T04:45:01.000Z',
  failureReason: 'Timed out after 900 s.',
  resultSummary: null,
};
const DONE: Job = {
  ...FAILED,
  id: '0b7e9a35-1c4d-4e2f-8a6b-3d5c7e9f1a22',
  name: 'uploads.remove-expired',
  state: 'completed',
  progress: null,
  failureReason: null,
  resultSummary: '2 expired upload(s) removed',
};
const page = (items: Job[]): JobsPage => ({ items, total: items.length, limit: 20, offset: 0 });

function setup() {
  writeSession({ token: 't', roles: ['ROLE_SUPERADMIN'] });
  const fetch = fakeFetch({
    'GET /jobs': ({ query }) => ({
      body: page([FAILED, DONE].filter((job) => !query.get('state') || job.state === query.get('state'))),
    }),
    [`POST /jobs/${FAILED.id}/retry`]: { body: { ...FAILED, state: 'retry' } },
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(
    <>
      <StatusOutlet />
      <JobsList timeZone="Asia/Colombo" />
    </>,
  );
  return fetch;
}

describe('JobsList', () => {
  it("shows each job's state, progress, attempts, and a failed one's reason", async () => {
    setup();
    const failed = (await screen.findByText('reports.course-packs')).closest('tr') as HTMLElement;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Timed out after 900 s.')).toBeInTheDocument();
    expect(within(failed).getByText('20 of 120')).toBeInTheDocument();
    expect(within(failed).getByText('1 of 1')).toBeInTheDocument();
    expect(within(failed).getByText('2026-05-01 10:15')).toBeInTheDocument();
    const done = screen.getByText('uploads.remove-expired').closest('tr') as HTMLElement;
    expect(within(done).getByText('2 expired upload(s) removed')).toBeInTheDocument();
    // Only a failed job offers Retry.
    expect(within(done).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('retries a failed job and asks for the list again', async () => {
    const fetch = setup();
    const user = userEvent.setup();
    const failed = (await screen.findByText('reports.course-packs')).closest('tr') as HTMLElement;
    const listed = fetch.calls.filter((call) => call.path.startsWith('/jobs?')).length;
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Job queued again')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.method === 'POST' && call.path === `/jobs/${FAILED.id}/retry`)).toBe(true);
    await waitFor(() =>
      expect(fetch.calls.filter((call) => call.path.startsWith('/jobs?')).length).toBeGreaterThan(listed),
    );
  });

  it('asks for the state and kind chosen', async () => {
    const fetch = setup();
    const user = userEvent.setup();
    await screen.findByText('reports.course-packs');
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(fetch.calls.some((call) => call.path.includes('state=failed'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('uploads.remove-expired')).not.toBeInTheDocument());
    await user.type(screen.getByLabelText('Kind'), 'reports.course-packs');
    await waitFor(() => expect(fetch.calls.some((call) => call.path.includes('name=reports.course-packs'))).toBe(true));
  });

  it('draws one card per job at phone width, Retry included', async () => {
    atPhoneWidth();
    setup();
    const cards = await screen.findByRole('list', { name: 'Jobs' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(cards).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
