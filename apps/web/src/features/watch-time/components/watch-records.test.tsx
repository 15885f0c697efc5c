import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WatchRecord } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { fakeFetch, pagedRoute, renderWithProviders } from '../../../test/render';
import { WatchRecords } from './watch-records';

const RECORDS: WatchRecord[] = [
  { id: 1, videoName: 'Lesson 1', timestamp: '2024-02-29T04:30:00.000Z', watchedDuration: 60 },
];

function setup() {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const fetch = fakeFetch({ 'GET /api/watchtime/pupil1': pagedRoute(RECORDS, (r) => r.videoName) });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(<WatchRecords username="pupil1" canDelete={false} timeZone="Asia/Colombo" />);
  return fetch;
}

const asked = (fetch: ReturnType<typeof setup>, part: string) => fetch.calls.some((call) => call.path.includes(part));

describe('WatchRecords day filters', () => {
  it("names a day outside 1900-2100 under its input in the contract's words and does not ask for it", async () => {
    const fetch = setup();
    const user = userEvent.setup();
    await screen.findByText('Lesson 1');
    await user.type(screen.getByLabelText('Start date'), '0050-06-01');
    expect(await screen.findByText('from: Enter a real date between 1900 and 2100.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('End date'), '2101-01-01');
    expect(await screen.findByText('to: Enter a real date between 1900 and 2100.')).toBeInTheDocument();
    expect(asked(fetch, 'from=')).toBe(false);
    expect(asked(fetch, 'to=')).toBe(false);
  });

  it('asks for the first and last days of the range and a leap day', async () => {
    const fetch = setup();
    const user = userEvent.setup();
    await screen.findByText('Lesson 1');
    await user.type(screen.getByLabelText('Start date'), '1900-01-01');
    await user.type(screen.getByLabelText('End date'), '2100-12-31');
    await waitFor(() => expect(asked(fetch, 'from=1900-01-01&to=2100-12-31')).toBe(true));
    await user.clear(screen.getByLabelText('Start date'));
    await user.type(screen.getByLabelText('Start date'), '2024-02-29');
    await waitFor(() => expect(asked(fetch, 'from=2024-02-29&to=2100-12-31')).toBe(true));
    expect(screen.queryByText(/Enter a real date/)).not.toBeInTheDocument();
  });
});
