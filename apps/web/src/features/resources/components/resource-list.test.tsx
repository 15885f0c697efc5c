import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resource } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { ResourceList } from './resource-list';

const lecture: Resource = {
  id: 12,
  name: 'Lecture 3: buffers',
  url: '/api/files/resources/abc-lecture-3.mp4?sig=x',
  type: 'video/mp4',
  courseId: 4,
  duration: 3600,
  liveAt: '2026-11-23T04:30:00.000Z',
  recordingAt: '2026-11-20T03:30:00.000Z',
  expiresAt: null,
};

function setup() {
  writeSession({ token: 't', roles: ['ROLE_SUPERADMIN'] });
  const fetch = fakeFetch({ 'DELETE /resources/12': { status: 204 } });
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(<ResourceList courseId={4} resources={[lecture]} canDelete timeZone="Asia/Colombo" />);
  const deletes = () => fetch.calls.filter((call) => call.method === 'DELETE');
  return { deletes, user: userEvent.setup() };
}

describe('ResourceList', () => {
  it('asks before deleting a resource, and Cancel keeps it', async () => {
    const { deletes, user } = setup();
    const card = screen.getByRole('article', { name: 'Lecture 3: buffers' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    expect(within(dialog).getByText('Are you sure you want to delete Lecture 3: buffers?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes()).toEqual([]);
    expect(screen.getByRole('article', { name: 'Lecture 3: buffers' })).toBeInTheDocument();
  });

  it('deletes once confirmed', async () => {
    const { deletes, user } = setup();
    const card = screen.getByRole('article', { name: 'Lecture 3: buffers' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes()).toEqual([{ method: 'DELETE', path: '/resources/12', body: undefined }]));
  });

  it('offers no delete to an instructor', () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    renderWithProviders(<ResourceList courseId={4} resources={[lecture]} canDelete={false} timeZone="UTC" />);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
