import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MAX_RESOURCE_BYTES } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { linkDuration, validateResourceForm } from '../model/resource-rules';
import { ResourceForm } from './resource-form';

// jsdom has no network for tus.
vi.mock('tus-js-client', () => import('../../../test/tus-stand-in'));

const base = { file: null, link: '', liveAt: '', recordingAt: '', hours: 0, minutes: 0, seconds: 0 };
const dates = { liveAt: '2025-03-01T10:00', recordingAt: '2025-03-01T12:00' };
const youtube = 'https://www.youtube.com/watch?v=abc123';

function bigFile(): File {
  const file = new File(['x'], 'huge.mp4', { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: MAX_RESOURCE_BYTES + 1 });
  return file;
}

describe('validateResourceForm', () => {
  it('does nothing without a file or link', () => {
    expect(validateResourceForm({ ...base, ...dates })).toBe('skip');
  });
  it('needs both liveAt and recordingAt', () => {
    expect(validateResourceForm({ ...base, link: youtube, liveAt: dates.liveAt, seconds: 5 })).toBe(
      'Please provide both liveAt and recordingAt dates.',
    );
  });
  it('needs a positive duration for a link, minutes and seconds within 0..59', () => {
    expect(validateResourceForm({ ...base, ...dates, link: youtube })).toBe('Please provide a valid duration.');
    expect(validateResourceForm({ ...base, ...dates, link: youtube, minutes: 60 })).toBe(
      'Please provide a valid duration.',
    );
    expect(validateResourceForm({ ...base, ...dates, link: youtube, hours: 1, minutes: 2, seconds: 3 })).toBeNull();
    expect(linkDuration({ hours: 1, minutes: 2, seconds: 3 })).toBe(3723);
  });
  it('rejects files over 5 GB and accepts one at the limit', () => {
    expect(validateResourceForm({ ...base, ...dates, file: bigFile() })).toBe('File size exceeds the 5 GB limit.');
    const atLimit = new File(['x'], 'ok.pdf', { type: 'application/pdf' });
    Object.defineProperty(atLimit, 'size', { value: MAX_RESOURCE_BYTES });
    expect(validateResourceForm({ ...base, ...dates, file: atLimit })).toBeNull();
  });
});

describe('ResourceForm', () => {
  function setup(routes: Parameters<typeof fakeFetch>[0] = {}) {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    const fetch = fakeFetch(routes);
    vi.stubGlobal('fetch', fetch.fn);
    renderWithProviders(
      <>
        <StatusOutlet />
        <ResourceForm courseId={4} />
      </>,
    );
    return { fetch, user: userEvent.setup() };
  }

  /** Both required times, set as a datetime-local input takes them. */
  function enterDates() {
    fireEvent.change(screen.getByLabelText(/Live At/), { target: { value: dates.liveAt } });
    fireEvent.change(screen.getByLabelText(/Recording At/), { target: { value: dates.recordingAt } });
  }

  /** Chooses a small PDF of notes, enters the times and adds it. */
  async function addNotes(user: UserEvent) {
    const notes = new File(['%PDF-1.7 notes'], 'equilibrium.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Resource File'), { target: { files: [notes] } });
    enterDates();
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
  }

  it('ignores a submit with neither file nor link', async () => {
    const { fetch, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(fetch.calls).toHaveLength(0);
  });

  it('asks for both dates', async () => {
    const { fetch, user } = setup();
    await user.type(screen.getByLabelText('YouTube Link'), youtube);
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide both liveAt and recordingAt dates.');
    expect(fetch.calls).toHaveLength(0);
  });

  it('asks for a valid duration for a link', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('YouTube Link'), youtube);
    enterDates();
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide a valid duration.');
  });

  it('refuses a file over 5 GB before uploading', async () => {
    const { fetch, user } = setup();
    fireEvent.change(screen.getByLabelText('Resource File'), { target: { files: [bigFile()] } });
    expect(screen.getByLabelText('Resource Name')).toHaveValue('huge.mp4');
    enterDates();
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    expect(screen.getByRole('alert')).toHaveTextContent('File size exceeds the 5 GB limit.');
    expect(fetch.calls).toHaveLength(0);
  });

  it('adds a YouTube link with its duration, name defaulting to the link, and clears the form', async () => {
    const { fetch, user } = setup({
      'POST /resources': ({ body }) => ({ status: 201, body: { id: 9, expiresAt: null, ...(body as object) } }),
    });
    await user.type(screen.getByLabelText('YouTube Link'), youtube);
    expect(screen.getByLabelText('Resource Name')).toHaveValue(youtube);
    enterDates();
    await user.clear(screen.getByLabelText('Minutes'));
    await user.type(screen.getByLabelText('Minutes'), '2');
    await user.clear(screen.getByLabelText('Seconds'));
    await user.type(screen.getByLabelText('Seconds'), '5');
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    expect(await screen.findByText('YouTube link added successfully')).toHaveAttribute('data-kind', 'success');
    expect(fetch.calls[0]?.body).toMatchObject({
      name: youtube,
      url: youtube,
      type: 'link',
      courseId: 4,
      duration: 125,
      liveAt: dates.liveAt,
      recordingAt: dates.recordingAt,
      expiresAt: null,
    });
    await waitFor(() => expect(screen.getByLabelText('YouTube Link')).toHaveValue(''));
  });

  it('refuses 70 minutes with a message rather than saving it as 59', async () => {
    const { fetch, user } = setup();
    await user.type(screen.getByLabelText('YouTube Link'), youtube);
    enterDates();
    await user.clear(screen.getByLabelText('Minutes'));
    await user.type(screen.getByLabelText('Minutes'), '70');
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    expect(screen.getByLabelText('Minutes')).toHaveValue('70');
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide a valid duration.');
    expect(fetch.calls).toHaveLength(0);
    expect(screen.queryByText('YouTube link added successfully')).not.toBeInTheDocument();
  });

  it('reports a refused link with the server message', async () => {
    const { user } = setup({ 'POST /resources': { status: 400, body: { message: 'Course not found.' } } });
    await user.type(screen.getByLabelText('YouTube Link'), youtube);
    enterDates();
    await user.type(screen.getByLabelText('Hours'), '1');
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    expect(await screen.findByText('Error adding YouTube link: Course not found.')).toHaveAttribute(
      'data-kind',
      'error',
    );
  });

  it('uploads a file, adds it, and clears the form and its progress bar', async () => {
    const { fetch, user } = setup({
      'POST /resources': ({ body }) => ({ status: 201, body: { id: 9, expiresAt: null, ...(body as object) } }),
    });
    await addNotes(user);
    expect(await screen.findByText('Resource added successfully')).toHaveAttribute('data-kind', 'success');
    expect(fetch.calls[0]?.body).toMatchObject({
      name: 'equilibrium.pdf',
      url: 'resources/1-equilibrium.pdf',
      type: 'application/pdf',
    });
    // The message shows as the save answers; the form empties once the save has resolved, a render
    // later (on a busy machine that render came after the message was found).
    await waitFor(() => expect(screen.getByLabelText('Resource Name')).toHaveValue(''));
    // A bar left at 100 % under an emptied form reads as an upload still going on.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('100%')).not.toBeInTheDocument();
  });

  it('keeps the progress bar where a failed upload stopped', async () => {
    const { user } = setup({ 'POST /resources': { status: 400, body: { message: 'Course not found.' } } });
    await addNotes(user);
    expect(await screen.findByText('Error adding resource: Course not found.')).toHaveAttribute('data-kind', 'error');
    expect(screen.getByLabelText('Resource Name')).toHaveValue('equilibrium.pdf');
    expect(screen.getByText('100%')).toBeInTheDocument();
  });
});
