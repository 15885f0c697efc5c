import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AuditPage, DATE_MESSAGES } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { readable } from '../model/filters';
import { AuditLog } from './audit-log';

const PAGE: AuditPage = {
  items: [
    {
      id: 7,
      at: '2026-05-01T04:30:00.000Z',
      actorId: 3,
      actorUsername: 'tutor',
      action: 'submission.grade',
      target: 'submission:9',
      before: { traditionalScore: null, hadFeedback: false },
      after: { traditionalScore: 60 },
      details: { examIdentifier: 'T1' },
    },
  ],
  total: 1,
  limit: 20,
  offset: 0,
};

function setup() {
  writeSession({ token: 't', roles: ['ROLE_SUPERADMIN'] });
  const fetch = fakeFetch({
    'GET /audit': { body: PAGE },
    'GET /audit/actions': { body: ['exam.publish', 'submission.grade'] },
  });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(<AuditLog timeZone="Asia/Colombo" />);
  return fetch;
}

const asked = (fetch: ReturnType<typeof setup>, part: string) =>
  fetch.calls.some((call) => call.path.startsWith('/audit?') && call.path.includes(part));

describe('AuditLog filters', () => {
  it('shows before and after readably, in the platform time zone', async () => {
    setup();
    expect(await screen.findByText('traditionalScore: –; hadFeedback: no')).toBeInTheDocument();
    expect(screen.getByText('traditionalScore: 60')).toBeInTheDocument();
    expect(screen.getByText('2026-05-01 10:00')).toBeInTheDocument();
    expect(readable([1, 'a', true])).toBe('1, a, yes');
  });

  it('asks for the person, kind and days chosen, and not for a range that ends before it starts', async () => {
    const fetch = setup();
    const user = userEvent.setup();
    // Pasted rather than typed key by key: the date inputs redraw their calendar on every key.
    const enter = async (label: string, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    await screen.findByText('submission:9');
    await enter('Person', 'tutor');
    await waitFor(() => expect(asked(fetch, 'actor=tutor')).toBe(true));
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'exam.publish' }));
    await waitFor(() => expect(asked(fetch, 'action=exam.publish')).toBe(true));
    await enter('From', '2026-05-02');
    await waitFor(() => expect(asked(fetch, 'from=2026-05-02')).toBe(true));
    await enter('To', '2026-05-01');
    expect(await screen.findByText('The start date must not be after the end date.')).toBeInTheDocument();
    expect(asked(fetch, 'to=2026-05-01')).toBe(false);
  }, 20_000);

  it('keeps a typed day that does not exist, says why, and asks for nothing until it is mended', async () => {
    const fetch = setup();
    const user = userEvent.setup();
    await screen.findByText('submission:9');
    const from = screen.getByLabelText('From');
    await user.click(from);
    await user.paste('2026-02-30');
    await user.tab();
    expect(await screen.findByText(DATE_MESSAGES.day)).toBeInTheDocument();
    // Not rolled over into March, not put back to empty: the text stays as typed, the list waits.
    expect(from).toHaveValue('2026-02-30');
    expect(screen.queryByText('submission:9')).not.toBeInTheDocument();
    expect(screen.getByText('The entries show once the days above are mended.')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path.includes('from='))).toBe(false);

    // Emptying the box mends it too, before it is left.
    await user.clear(from);
    expect(screen.queryByText(DATE_MESSAGES.day)).not.toBeInTheDocument();
    await user.paste('2026/02/28');
    await user.tab();
    expect(await screen.findByText(DATE_MESSAGES.dayFormat)).toBeInTheDocument();

    await user.clear(from);
    await user.paste('2026-02-28');
    await waitFor(() => expect(asked(fetch, 'from=2026-02-28')).toBe(true));
    expect(screen.queryByText(DATE_MESSAGES.dayFormat)).not.toBeInTheDocument();
    expect(await screen.findByText('submission:9')).toBeInTheDocument();
  }, 20_000);
});
