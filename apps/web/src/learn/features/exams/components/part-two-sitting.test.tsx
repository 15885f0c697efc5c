import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUBMISSION_MESSAGES } from '@valence/contract';
import { IDBFactory } from 'fake-indexeddb';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsBody } from '../../../../test/settings';
import { clearSession, writeSession } from '../../../lib/session';
import { formatWhen } from '../../../lib/time';
import { fakeFetch, renderLearn } from '../../../test/render';
import { ownerOf } from '../model/draft-queue';
import { pageStore } from '../model/page-store';
import { newPage } from '../model/script-pages';
import { studentExam } from '../test-fixtures';
import { ANSWER_FILE_NAME, PART_TWO_CLOSED, PAST_DUE_KEPT, PartTwoSitting, VIEW_ANSWER } from './part-two-sitting';

// jsdom has no canvas: each "photo" here names the picture the camera step would make of it.
vi.mock('../model/script-image', async () => {
  const { jpeg } = await import('../test-fixtures');
  const sizes: Record<string, [number, number]> = { wide: [30, 10], tall: [10, 20] };
  return {
    scaleForPdf: async (file: Blob) => {
      const [width, height] = sizes[await file.text()] ?? [1, 1];
      return { bytes: jpeg(width, height), type: 'jpeg' as const };
    },
  };
});

/** The upload's XMLHttpRequest, answered by the test. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

/** The server's answer to a hand-in at 16:00 UTC (21:30 in Colombo). */
const HANDED_IN = {
  id: 880,
  examId: 5,
  submittedAt: '2026-11-25T16:00:00.000Z',
  mcqScore: null,
  traditionalScore: null,
};

const sent = async () => {
  await waitFor(() => expect(FakeXhr.last?.body).toBeInstanceOf(FormData));
  return FakeXhr.last as FakeXhr;
};

const photo = (content: string, name = `${content}.jpg`) => new File([content], name, { type: 'image/jpeg' });
const settings = { 'GET /settings': { body: settingsBody('Asia/Colombo') } };

describe('PART II hand-in', () => {
  beforeEach(() => {
    writeSession({ token: 'student-token', roles: ['ROLE_STUDENT'] });
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('fetch', fakeFetch(settings).fn);
    // A phone's IndexedDB, empty for each test: jsdom has none.
    vi.stubGlobal('indexedDB', new IDBFactory());
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:page'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('puts the photographed pages into one PDF in the order and turn shown, and says when it was handed in', async () => {
    renderLearn(<PartTwoSitting exam={studentExam()} />);
    const camera = screen.getByLabelText('Add a page photo') as HTMLInputElement;
    expect(camera).toHaveAttribute('capture', 'environment');
    await userEvent.upload(camera, photo('wide'));
    // Emptied after each pick, so the same button takes the next page.
    expect(camera.value).toBe('');
    await userEvent.upload(camera, photo('tall'));
    expect(screen.getByRole('img', { name: 'Page 2' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Move page 2 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Rotate page 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Hand in' }));

    const xhr = await sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/api/v1/submissions/exam/5/upload');
    expect(xhr.headers.Authorization).toBe('Bearer student-token');
    const files = (xhr.body as FormData).getAll('file') as File[];
    expect(files).toHaveLength(1);
    expect(files[0]?.name).toBe(ANSWER_FILE_NAME);
    expect(files[0]?.type).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await (files[0] as File).arrayBuffer()));
    // The tall page first (moved up), then the wide one turned a quarter: taller than wide now.
    expect(pdf.getPages().map((page) => Math.round(page.getWidth()))).toEqual([421, 281]);
    expect(pdf.getPages().map((page) => Math.round(page.getHeight()))).toEqual([842, 842]);

    xhr.progress(42, 100);
    expect(screen.getByText('Uploading… 42 %')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '42');

    xhr.respond(201, HANDED_IN);
    expect(
      await screen.findByText(`Handed in at ${formatWhen('2026-11-25T16:00:00.000Z', 'Asia/Colombo')}`),
    ).toBeInTheDocument();
    expect(screen.getByText(/Handed in at/)).toHaveTextContent('25 Nov 2026, 21:30');
    expect(screen.getByText('No pages yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace your answer' })).toBeInTheDocument();
    // pdf-lib's first load can be slow on a busy machine.
  }, 15_000);

  it('keeps the pages and shows the server’s sentence when a replacement is refused', async () => {
    renderLearn(<PartTwoSitting exam={studentExam({ submitted: true, submittedAt: '2026-11-24T04:30:00.000Z' })} />);
    expect(
      await screen.findByText(`Handed in at ${formatWhen('2026-11-24T04:30:00.000Z', 'Asia/Colombo')}`),
    ).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Choose photos'), [photo('tall'), photo('wide')]);
    await userEvent.click(screen.getByRole('button', { name: 'Replace your answer' }));

    const xhr = await sent();
    xhr.respond(409, { message: SUBMISSION_MESSAGES.marked });
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBMISSION_MESSAGES.marked);
    expect(screen.getByRole('img', { name: 'Page 1' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Page 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace your answer' })).toBeEnabled();
  });

  it('hands in a chosen PDF as it is, and a lost connection keeps it chosen', async () => {
    renderLearn(<PartTwoSitting exam={studentExam()} />);
    await userEvent.click(screen.getByRole('radio', { name: 'A PDF file' }));
    const answer = new File(['%PDF-1.7 my pages'], 'my answer.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Choose a PDF file'), answer);
    // 17 bytes: said as 1 KB, never as 0.0 MB.
    expect(screen.getByText(/my answer\.pdf · 1 KB/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hand in' }));

    const xhr = await sent();
    const files = (xhr.body as FormData).getAll('file') as File[];
    expect(files.map((file) => file.name)).toEqual(['my answer.pdf']);
    act(() => xhr.onerror?.());
    expect(await screen.findByRole('alert')).toHaveTextContent('The upload stopped before it finished.');
    expect(screen.getByText(/my answer\.pdf/)).toBeInTheDocument();
  });

  it('refuses a file that is not a photo as a page', async () => {
    renderLearn(<PartTwoSitting exam={studentExam()} />);
    await userEvent.upload(
      screen.getByLabelText('Choose photos'),
      new File(['x'], 'notes.docx', { type: 'application/msword' }),
      {
        applyAccept: false,
      },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Only photos can be added as pages.');
    expect(screen.getByText('No pages yet.')).toBeInTheDocument();
  });

  it('after the due time offers the paper but no hand-in', async () => {
    const fake = fakeFetch({
      ...settings,
      'GET /api/v1/exams/5/paper': { body: { url: '/api/files/paper.pdf?sig=1' } },
    });
    vi.stubGlobal('fetch', fake.fn);
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    renderLearn(<PartTwoSitting exam={studentExam({ dueDate: '2026-01-01T00:00:00.000Z' })} />);
    expect(screen.getByText(PART_TWO_CLOSED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hand in' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Download the paper' }));
    await waitFor(() => expect(tab.location.href).toBe('/api/files/paper.pdf?sig=1'));
    expect(tab.opener).toBeNull();
  });

  it('says why there is no paper, and closes the tab it opened', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        ...settings,
        'GET /api/v1/exams/5/paper': { status: 404, body: { message: 'This exam has no paper.' } },
      }).fn,
    );
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    renderLearn(<PartTwoSitting exam={studentExam()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download the paper' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This exam has no paper.');
    expect(tab.close).toHaveBeenCalled();
  });
  it('keeps the pages through a reload of the tab, in order and turn, and forgets them once handed in', async () => {
    const first = renderLearn(<PartTwoSitting exam={studentExam()} />);
    const camera = () => screen.getByLabelText('Add a page photo') as HTMLInputElement;
    await userEvent.upload(camera(), photo('wide'));
    await userEvent.upload(camera(), photo('tall'));
    await userEvent.upload(camera(), photo('spare'));
    await userEvent.click(screen.getByRole('button', { name: 'Move page 2 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Rotate page 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove page 3' }));
    // The camera hand-off reloads the tab: the screen starts again from nothing but the phone's storage.
    first.unmount();
    const second = renderLearn(<PartTwoSitting exam={studentExam()} />);
    expect(await screen.findByRole('img', { name: 'Page 2' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Page 3' })).toBeNull();
    expect(screen.getByText('2 pages kept from before.')).toBeInTheDocument();
    // Another exam's screen has none of them.
    second.unmount();
    const other = renderLearn(<PartTwoSitting exam={studentExam({ id: 6 })} />);
    await waitFor(() => expect(screen.getByText('No pages yet.')).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('No pages yet.')).toBeInTheDocument();
    other.unmount();

    renderLearn(<PartTwoSitting exam={studentExam()} />);
    await screen.findByRole('img', { name: 'Page 2' });
    await userEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    const xhr = await sent();
    const files = (xhr.body as FormData).getAll('file') as File[];
    const pdf = await PDFDocument.load(new Uint8Array(await (files[0] as File).arrayBuffer()));
    // The tall page first, then the wide one turned a quarter, as before the reload.
    expect(pdf.getPages().map((page) => Math.round(page.getWidth()))).toEqual([421, 281]);
    xhr.respond(201, HANDED_IN);
    await screen.findByText(/Handed in at/);
    cleanup();

    // Nothing is left on the phone: a later visit starts with no pages.
    expect(await pageStore().load({ owner: ownerOf('student-token'), examId: 5 })).toEqual([]);
    renderLearn(<PartTwoSitting exam={studentExam({ submitted: true, submittedAt: '2026-11-25T16:00:00.000Z' })} />);
    await screen.findByText(/Handed in at/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('No pages yet.')).toBeInTheDocument();
  }, 15_000);

  it('offers no replacing once the answer is marked, says why, and links to what was handed in', async () => {
    const answerUrl = '/api/files/answers/9-answer.pdf?expires=1&signature=x&name=nimali_T1_answer.pdf';
    const key = { owner: ownerOf('student-token'), examId: 5 };
    await pageStore().save(key, [newPage('kept', photo('wide'))]);
    renderLearn(
      <PartTwoSitting
        exam={studentExam({ submitted: true, submittedAt: '2026-11-24T04:30:00.000Z', marked: true, answerUrl })}
      />,
    );
    expect(await screen.findByText(SUBMISSION_MESSAGES.marked)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Replace your answer' })).toBeNull();
    expect(screen.queryByLabelText('Add a page photo')).toBeNull();
    const link = screen.getByRole('link', { name: VIEW_ANSWER });
    expect(link).toHaveAttribute('href', answerUrl);
    expect(link).toHaveAttribute('target', '_blank');
    // Pages kept for a hand-in that can no longer happen are not left filling the phone.
    await waitFor(async () => expect(await pageStore().load(key)).toEqual([]));
  });

  it('after the due time a handed-in answer can be viewed but not replaced, and says why', async () => {
    const answerUrl = '/api/files/answers/9-answer.pdf?sig=1';
    renderLearn(
      <PartTwoSitting
        exam={studentExam({
          dueDate: '2026-01-01T00:00:00.000Z',
          submitted: true,
          submittedAt: '2025-12-31T04:30:00.000Z',
          answerUrl,
        })}
      />,
    );
    expect(await screen.findByText(PAST_DUE_KEPT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Replace your answer' })).toBeNull();
    expect(screen.getByRole('link', { name: VIEW_ANSWER })).toHaveAttribute('href', answerUrl);
  });

  it('before the due time and unmarked, a handed-in answer can be viewed and replaced', async () => {
    renderLearn(
      <PartTwoSitting
        exam={studentExam({
          submitted: true,
          submittedAt: '2026-11-24T04:30:00.000Z',
          answerUrl: '/api/files/a.pdf?sig=2',
        })}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Replace your answer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: VIEW_ANSWER })).toHaveAttribute('href', '/api/files/a.pdf?sig=2');
    expect(screen.queryByText(SUBMISSION_MESSAGES.marked)).toBeNull();
  });
});
