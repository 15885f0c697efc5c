import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MAX_RESOURCE_BYTES } from '@valence/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { linkDuration, resourceFormErrors } from '../model/resource-rules';
import { readVideoDuration } from '../model/video-duration';
import { ResourceForm } from './resource-form';

// jsdom has no network for tus.
vi.mock('tus-js-client', () => import('../../../test/tus-stand-in'));
// jsdom plays no video: the probe's answer is set per test (a PDF is never probed).
vi.mock('../model/video-duration', () => ({ readVideoDuration: vi.fn() }));

const base = { file: null, link: '', liveAt: '', recordingAt: '', hours: 0, minutes: 0, seconds: 0 };
const dates = { liveAt: '2025-03-01T10:00', recordingAt: '2025-03-01T12:00' };
const youtube = 'https://www.youtube.com/watch?v=abc123';

function bigFile(): File {
  const file = new File(['x'], 'huge.mp4', { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: MAX_RESOURCE_BYTES + 1 });
  return file;
}

const DATES = 'Please provide both Live At and Recording At dates.';
const submitted = { submitted: true };

describe('resourceFormErrors on submit', () => {
  it('asks for a file or a link, and both dates, each where it is missing', () => {
    expect(resourceFormErrors(base, submitted)).toEqual({
      file: 'Choose a file or enter a YouTube link.',
      liveAt: DATES,
      recordingAt: DATES,
    });
  });
  it('names the missing date by its label', () => {
    expect(resourceFormErrors({ ...base, link: youtube, liveAt: dates.liveAt, seconds: 5 }, submitted)).toEqual({
      recordingAt: DATES,
    });
  });
  it('needs a positive duration for a link, minutes and seconds within 0..59', () => {
    expect(resourceFormErrors({ ...base, ...dates, link: youtube }, submitted)).toEqual({
      duration: 'Please provide a valid duration: the video must be longer than 0 seconds.',
    });
    expect(resourceFormErrors({ ...base, ...dates, link: youtube, minutes: 60 }, submitted)).toEqual({
      minutes: 'Minutes must be a whole number from 0 to 59.',
    });
    expect(
      resourceFormErrors({ ...base, ...dates, link: youtube, hours: 1, minutes: 2, seconds: 3 }, submitted),
    ).toEqual({});
    expect(linkDuration({ hours: 1, minutes: 2, seconds: 3 })).toBe(3723);
  });
  it('rejects files over 5 GB and accepts one at the limit', () => {
    expect(resourceFormErrors({ ...base, ...dates, file: bigFile() }, submitted)).toEqual({
      file: 'File size exceeds the 5 GB limit.',
    });
    const atLimit = new File(['x'], 'ok.pdf', { type: 'application/pdf' });
    Object.defineProperty(atLimit, 'size', { value: MAX_RESOURCE_BYTES });
    expect(resourceFormErrors({ ...base, ...dates, file: atLimit }, submitted)).toEqual({});
  });
});

describe('ResourceForm', () => {
  beforeEach(() => vi.mocked(readVideoDuration).mockReset());

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

  /** Replaces what a number input holds (they start at 0). */
  async function retype(user: UserEvent, label: string, text: string) {
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), text);
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

  /** The sentence shown under a field, as a screen reader hears it with the field. */
  const problemOf = (label: string | RegExp) =>
    (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');

  it('says what is missing on an empty submit, where it is missing, and sends nothing', async () => {
    const { fetch, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    expect(problemOf('Resource File')).toContain('Choose a file or enter a YouTube link.');
    expect(screen.getByLabelText('Resource File')).toHaveAttribute('aria-invalid', 'true');
    expect(problemOf(/Live At/)).toContain(DATES);
    expect(problemOf(/Recording At/)).toContain(DATES);
    expect(fetch.calls).toHaveLength(0);
    // Once chosen, the file's problem goes; the dates' stays until they are given.
    const notes = new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Resource File'), { target: { files: [notes] } });
    expect(problemOf('Resource File')).not.toContain('Choose a file');
    expect(problemOf(/Live At/)).toContain(DATES);
  });

  it('asks for both dates by their labels', async () => {
    const { fetch, user } = setup();
    await user.type(screen.getByLabelText('YouTube Link'), youtube);
    await retype(user, 'Seconds', '5');
    fireEvent.change(screen.getByLabelText(/Live At/), { target: { value: dates.liveAt } });
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    expect(problemOf(/Recording At/)).toContain(DATES);
    expect(problemOf(/Live At/)).not.toContain(DATES);
    expect(screen.queryByText(/liveAt|recordingAt/)).not.toBeInTheDocument();
    expect(fetch.calls).toHaveLength(0);
  });

  it('says under the link that a file and a link cannot both be given, and keeps both until one is removed', async () => {
    const { fetch, user } = setup();
    const notes = new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Resource File'), { target: { files: [notes] } });
    await user.type(screen.getByLabelText('YouTube Link'), youtube);
    const both = 'Add a file or a YouTube link, not both: remove one of them.';
    expect(problemOf('YouTube Link')).toContain(both);
    enterDates();
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    expect(fetch.calls).toHaveLength(0);
    expect(screen.getByLabelText('YouTube Link')).toHaveValue(youtube);
    await user.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(problemOf('YouTube Link')).not.toContain(both);
  });

  it('says at once that seconds run from 0 to 59', async () => {
    const { fetch, user } = setup();
    await user.type(screen.getByLabelText('YouTube Link'), youtube);
    await retype(user, 'Seconds', '75');
    expect(problemOf('Seconds')).toContain('Seconds must be a whole number from 0 to 59.');
    enterDates();
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    expect(fetch.calls).toHaveLength(0);
  });

  it('says a Vimeo link is not a YouTube link once it is entered', async () => {
    const { fetch, user } = setup();
    await user.type(screen.getByLabelText('YouTube Link'), 'https://vimeo.com/76979871');
    await user.tab();
    expect(problemOf('YouTube Link')).toContain('This is not a YouTube link: only YouTube links can be added.');
    expect(screen.queryByText('Please provide a YouTube link.')).not.toBeInTheDocument();
    expect(fetch.calls).toHaveLength(0);
  });

  it('asks for a valid duration for a link', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('YouTube Link'), youtube);
    enterDates();
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    expect(screen.getByText(/Please provide a valid duration/)).toBeInTheDocument();
  });

  it('refuses a file over 5 GB as soon as it is chosen, naming the limit', async () => {
    const { fetch } = setup();
    fireEvent.change(screen.getByLabelText('Resource File'), { target: { files: [bigFile()] } });
    expect(screen.getByLabelText('Resource Name')).toHaveValue('huge.mp4');
    expect(problemOf('Resource File')).toContain('File size exceeds the 5 GB limit.');
    expect(readVideoDuration).not.toHaveBeenCalled();
    expect(fetch.calls).toHaveLength(0);
  });

  it('offers to type the length of a video whose length cannot be read, and sends the one typed', async () => {
    vi.mocked(readVideoDuration).mockResolvedValue(null);
    const { fetch, user } = setup({
      'POST /resources': ({ body }) => ({ status: 201, body: { id: 9, expiresAt: null, ...(body as object) } }),
    });
    const recording = new File(['webm'], 'lecture.webm', { type: 'video/webm' });
    fireEvent.change(screen.getByLabelText('Resource File'), { target: { files: [recording] } });
    expect(
      await screen.findByText(
        "We could not read this video's length here: the server measures it after the upload. You may type it.",
      ),
    ).toBeInTheDocument();
    enterDates();
    await retype(user, 'Minutes', '42');
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    expect(await screen.findByText('Resource added successfully')).toBeInTheDocument();
    expect(fetch.calls[0]?.body).toMatchObject({ type: 'video/webm', duration: 42 * 60 });
  });

  it('shows no length inputs for a video whose length was read', async () => {
    vi.mocked(readVideoDuration).mockResolvedValue(125);
    setup();
    const clip = new File(['mp4'], 'clip.mp4', { type: 'video/mp4' });
    fireEvent.change(screen.getByLabelText('Resource File'), { target: { files: [clip] } });
    await waitFor(() => expect(readVideoDuration).toHaveBeenCalledWith(clip));
    expect(screen.queryByLabelText('Minutes')).not.toBeInTheDocument();
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
    await retype(user, 'Seconds', '5');
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
    expect(problemOf('Minutes')).toContain('Minutes must be a whole number from 0 to 59.');
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
