import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { type Exam, PAGE_SIZE } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { usePagedSearch } from '../../../lib/paging';
import { writeSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { EXAMS, groupsRoute } from '../test-fixtures';
import { ExamGroupList } from './exam-group-list';

type Fetch = typeof fetch;

function Harness() {
  const list = usePagedSearch(PAGE_SIZE.examGroups);
  return (
    <>
      <StatusOutlet />
      <ExamGroupList courseId={7} paging={list} timeZone="Asia/Colombo" />
    </>
  );
}

function setup(extra: Parameters<typeof fakeFetch>[0] = {}, wrap = (fn: Fetch) => fn) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const fetch = fakeFetch({ 'GET /api/v1/exams/course/7/all': groupsRoute(EXAMS), ...extra });
  vi.stubGlobal('fetch', wrap(fetch.fn));
  renderWithProviders(<Harness />);
  return { fetch, user: userEvent.setup() };
}

const examCard = (title: string) => screen.findByRole('article', { name: title });

/** Opens the dialog a card's button opens (named `name` when given), as the user does. */
async function openDialog(user: UserEvent, card: HTMLElement, button: string, name?: string) {
  await user.click(within(card).getByRole('button', { name: button }));
  return screen.findByRole('dialog', name === undefined ? {} : { name });
}

/** Cancels the dialog and waits until it has gone. */
async function cancel(user: UserEvent, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** Holds the calls matching `held` until `release()`, to see the screen while they are under way. */
function holdCalls(held: RegExp) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const wrap =
    (fn: Fetch): Fetch =>
    async (input, init) => {
      if (held.test(String(input))) await gate;
      return fn(input, init);
    };
  return { wrap, release: () => release() };
}

describe('ExamActions', () => {
  it('publishes at once and puts it back, red, when the server fails', async () => {
    const held = holdCalls(/\/publish$/);
    const { user } = setup({ 'POST /api/v1/exams/1/publish': { status: 500, body: {} } }, held.wrap);
    const card = await examCard('CHEM101_FINAL Part I');
    await user.click(within(card).getByRole('button', { name: 'Publish Exam' }));
    expect(within(card).getByText('Published')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Unpublish Exam' })).toBeDisabled();
    held.release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to publish exam. Please try again.');
    expect(within(card).getByText('Unpublished')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Publish Exam' })).toBeEnabled();
  });

  it("prefers the server's reason for a refusal", async () => {
    const reason = 'Marks can only be published or unpublished for a published PART II exam.';
    const { user } = setup({
      'POST /api/v1/exams/2/publish-grades': { status: 409, body: { message: reason } },
    });
    const card = await examCard('CHEM101_FINAL Part II');
    await user.click(within(await openDialog(user, card, 'Publish Marks')).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(within(card).getByText('Marks Unpublished')).toBeInTheDocument();
  });

  it('publishes marks and says how many scripts are still unmarked', async () => {
    const answer = { ...EXAMS[0], gradesPublished: true, unmarkedCount: 3 };
    const { fetch, user } = setup({ 'POST /api/v1/exams/2/publish-grades': { body: answer } });
    const card = await examCard('CHEM101_FINAL Part II');
    await user.click(within(await openDialog(user, card, 'Publish Marks')).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Marks published. 3 scripts are still unmarked.');
    expect(within(card).getByText('Marks Published')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Unpublish Marks' })).toBeEnabled();
    expect(fetch.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/v1/exams/2/publish-grades',
    ]);
  });

  it('asks before publishing marks: who has not handed in, and that the exam is still open', async () => {
    // Due in 2099, so still open whenever this runs: 09:30 in Colombo.
    const open = { ...(EXAMS[0] as Exam), dueDate: '2099-05-01T04:00:00.000Z', submissionCount: 28, unmarkedCount: 2 };
    const { fetch, user } = setup({
      'GET /api/v1/exams/course/7/all': groupsRoute([open, ...EXAMS.slice(1)]),
      'GET /enrollments/course/7': { body: { items: [], total: 40, limit: 1, offset: 0 } },
      'POST /api/v1/exams/2/publish-grades': { body: { ...open, gradesPublished: true } },
    });
    const card = await examCard('CHEM101_FINAL Part II');
    const dialog = await openDialog(user, card, 'Publish Marks', 'Publish Marks');
    expect(dialog).toHaveTextContent(
      '12 of 40 students have not handed in. 2 scripts are still unmarked. ' +
        'The exam is still open until 2099-05-01 09:30. Publish the marks anyway?',
    );
    await cancel(user, dialog);
    expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('asks plainly when every student has handed in, every script is marked and the exam is closed', async () => {
    const done = { ...(EXAMS[0] as Exam), dueDate: '2020-05-01T04:00:00.000Z', submissionCount: 40 };
    const { user } = setup({
      'GET /api/v1/exams/course/7/all': groupsRoute([done, ...EXAMS.slice(1)]),
      'GET /enrollments/course/7': { body: { items: [], total: 40, limit: 1, offset: 0 } },
    });
    const card = await examCard('CHEM101_FINAL Part II');
    const dialog = await openDialog(user, card, 'Publish Marks', 'Publish Marks');
    expect(dialog).toHaveTextContent(
      'All 40 students have handed in and every script is marked. Publish the marks to the students?',
    );
  });

  it('asks first when scripts are still unmarked, and Cancel publishes nothing', async () => {
    const unmarked = { ...(EXAMS[0] as Exam), unmarkedCount: 3, dueDate: '2020-05-01T04:00:00.000Z' };
    const answer = { ...unmarked, gradesPublished: true };
    const { fetch, user } = setup({
      'GET /api/v1/exams/course/7/all': groupsRoute([unmarked, ...EXAMS.slice(1)]),
      'POST /api/v1/exams/2/publish-grades': { body: answer },
    });
    const card = await examCard('CHEM101_FINAL Part II');
    let dialog = await openDialog(user, card, 'Publish Marks', 'Publish Marks');
    // The class size could not be read (no route): the dialog says what it knows.
    expect(within(dialog).getByText('3 scripts are still unmarked. Publish the marks anyway?')).toBeInTheDocument();
    await cancel(user, dialog);
    expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);

    dialog = await openDialog(user, card, 'Publish Marks', 'Publish Marks');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Marks published. 3 scripts are still unmarked.');
  });

  it('asks before deleting content, and shows why the server refused', async () => {
    const { fetch, user } = setup({
      'DELETE /api/v1/exams/1': {
        status: 409,
        body: { message: 'Cannot delete this exam because it has submissions.' },
      },
    });
    const card = await examCard('CHEM101_FINAL Part I');
    let dialog = await openDialog(user, card, 'Delete Content', 'Delete Exam Content');
    expect(
      within(dialog).getByText("Are you sure you want to delete this exam's content? This action cannot be undone."),
    ).toBeInTheDocument();
    await cancel(user, dialog);
    expect(fetch.calls.some((call) => call.method === 'DELETE')).toBe(false);

    dialog = await openDialog(user, card, 'Delete Content', 'Delete Exam Content');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot delete this exam because it has submissions.');
    expect(fetch.calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/exams/1')).toBe(true);
  });

  it('says the content is gone after a delete', async () => {
    let deleted = false;
    const { user } = setup({
      'GET /api/v1/exams/course/7/all': (request) =>
        groupsRoute(EXAMS.map((e) => (e.id === 1 ? { ...e, contentDeleted: deleted } : e)))(request),
      'DELETE /api/v1/exams/1': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    const card = await examCard('CHEM101_FINAL Part I');
    await user.click(within(await openDialog(user, card, 'Delete Content')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The content of "CHEM101_FINAL Part I" was deleted');
    expect(await within(card).findByText("This exam's content has been deleted.")).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Manage Questions' })).toBeDisabled();
  });
});
