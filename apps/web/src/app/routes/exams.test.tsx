import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { EXAMS, exam, groupsRoute } from '../../features/exams/test-fixtures';
import { writeSession } from '../../lib/session';
import { fakeFetch, pagedRoute, renderWithProviders } from '../../test/render';
import { settingsBody } from '../../test/settings';
import { ExamsRoute } from './exams';

const course = (id: number, title: string): Course => ({
  id,
  title,
  description: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  paused: false,
});
const COURSES = [course(7, 'Organic Chemistry'), course(8, 'Physical Chemistry')];

type Fetch = typeof fetch;

function setup(path = '/exams?courseId=7', extra: Parameters<typeof fakeFetch>[0] = {}, wrap = (fn: Fetch) => fn) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const fetch = fakeFetch({
    'GET /settings': { body: settingsBody('Asia/Colombo') },
    'GET /courses': pagedRoute(COURSES, (c) => c.title),
    'GET /api/v1/exams/course/7/all': groupsRoute(EXAMS),
    'GET /api/v1/exams/course/8/all': groupsRoute([]),
    ...extra,
  });
  vi.stubGlobal('fetch', wrap(fetch.fn));
  renderWithProviders(<ExamsRoute />, { path });
  return { fetch, user: userEvent.setup() };
}

const group = (identifier: string) => screen.findByRole('region', { name: identifier });
const examCard = (title: string) => screen.findByRole('article', { name: title });

describe('Manage Exams screen', () => {
  it('asks for a course first, and enables Create New Exam once the courses have loaded', async () => {
    setup('/exams');
    expect(screen.getByText('Please select a course to view exams.')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create New Exam' });
    expect(create).toBeDisabled();
    await waitFor(() => expect(create).toBeEnabled());
  });

  it('shows how many are sitting an open exam now and how many have handed in', async () => {
    const hour = 3600_000;
    const open = exam(5, 'CHEM101_DAY', 'MCQ', {
      published: true,
      opensAt: new Date(Date.now() - hour).toISOString(),
      dueDate: new Date(Date.now() + hour).toISOString(),
      submissionCount: 2,
    });
    const { fetch } = setup('/exams?courseId=7', {
      'GET /api/v1/exams/course/7/all': groupsRoute([open, ...EXAMS]),
      'GET /api/v1/exams/5/sittings': { body: { items: [], total: 3, limit: 0, offset: 0 } },
    });
    const card = await examCard(open.title);
    expect(await within(card).findByText('3 sitting now · 2 handed in')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path.includes('/sittings'))?.path).toContain('state=in-progress');
    // A closed exam (due in the past) asks for no count.
    expect(fetch.calls.filter((call) => call.path.includes('/sittings'))).toHaveLength(1);
  });

  it('says when the chosen course has no exams', async () => {
    setup('/exams?courseId=8');
    expect(await screen.findByText('No exams found for the selected course.')).toBeInTheDocument();
  });

  it('says when the exams cannot be loaded', async () => {
    // No answer at all (the connection failed): the screen's fixed text.
    setup(
      '/exams?courseId=7',
      {},
      (fn) => (input, init) =>
        String(input).includes('/api/v1/exams/') ? Promise.reject(new TypeError('Failed to fetch')) : fn(input, init),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load exams');
  });

  it("shows the server's reason when it refuses the list", async () => {
    setup('/exams?courseId=8', {
      'GET /api/v1/exams/course/8/all': { status: 403, body: { message: 'You may not see this course.' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not see this course.');
  });

  it('names a linked course that is older than the newest page of courses', async () => {
    const { fetch } = setup('/exams?courseId=9', {
      'GET /courses/9': { body: { ...course(9, 'Inorganic Chemistry 2019'), resources: [] } },
      'GET /api/v1/exams/course/9/all': groupsRoute([]),
    });
    const select = screen.getByRole('combobox', { name: 'Course' });
    await waitFor(() => expect(select).toHaveValue('Inorganic Chemistry 2019'));
    // A listed course is named from the list alone.
    expect(fetch.calls.filter((call) => call.path === '/courses/9')).toHaveLength(1);
    expect(fetch.calls.some((call) => call.path === '/courses/7')).toBe(false);
  });

  it('groups the exams of the course from ?courseId= into one card per identifier, 6 groups a page', async () => {
    const { fetch } = setup();
    const final = await group('CHEM101_FINAL');
    const titles = within(final)
      .getAllByRole('article')
      .map((card) => within(card).getByRole('heading').textContent);
    expect(titles).toEqual(['CHEM101_FINAL Part I', 'CHEM101_FINAL Part II']);
    expect(within(await group('CHEM101_MID')).getAllByRole('article')).toHaveLength(1);
    expect(fetch.calls.some((call) => call.path === '/api/v1/exams/course/7/all?limit=6&offset=0')).toBe(true);
  });

  it('shows each exam with its type (PART II, never TRADITIONAL), badges, course and due time in the platform zone', async () => {
    setup();
    const partOne = await examCard('CHEM101_FINAL Part I');
    expect(within(partOne).getByText('MCQ')).toBeInTheDocument();
    expect(within(partOne).getByText('Unpublished')).toBeInTheDocument();
    expect(within(partOne).queryByText(/Marks/)).not.toBeInTheDocument();
    expect(within(partOne).getByText('About CHEM101_FINAL')).toBeInTheDocument();
    expect(within(partOne).getByText('Course: Organic Chemistry')).toBeInTheDocument();
    expect(within(partOne).getByText('Due: 2026-05-01 09:30')).toBeInTheDocument();
    expect(within(partOne).getByRole('link', { name: 'Manage Questions' })).toHaveAttribute(
      'href',
      '/exams/1/manage-questions',
    );

    const partTwo = await examCard('CHEM101_FINAL Part II');
    expect(within(partTwo).getByText('PART II')).toBeInTheDocument();
    expect(within(partTwo).getByText('Published')).toBeInTheDocument();
    expect(within(partTwo).getByText('Marks Unpublished')).toBeInTheDocument();
    expect(within(partTwo).getByRole('button', { name: 'Publish Marks' })).toBeEnabled();
    const paper = within(partTwo).getByRole('link', { name: 'View Paper' });
    expect(paper).toHaveAttribute('href', 'https://files.example/2.pdf');
    expect(paper).toHaveAttribute('target', '_blank');
    expect(screen.queryByText(/TRADITIONAL/)).not.toBeInTheDocument();
  });

  it('disables what needs the content once it is deleted, but keeps the submissions', async () => {
    setup();
    const mid = await examCard('CHEM101_MID Part II');
    expect(within(mid).getByText("This exam's content has been deleted.")).toBeInTheDocument();
    expect(within(mid).getByText('Marks Published')).toBeInTheDocument();
    expect(within(mid).getByRole('button', { name: 'View Paper' })).toBeDisabled();
    expect(within(mid).getByRole('button', { name: 'Delete Content' })).toBeDisabled();
    expect(within(mid).getByRole('button', { name: 'Unpublish Exam' })).toBeDisabled();
    expect(within(mid).getByRole('link', { name: 'View Submissions' })).toHaveAttribute('href', '/exams/3/submissions');
  });

  it('shows 6 groups a page with the pagination control', async () => {
    const many = Array.from({ length: 7 }, (_, i) => exam(100 + i, `QUIZ_${i + 1}`, 'MCQ'));
    const { user } = setup('/exams?courseId=7', { 'GET /api/v1/exams/course/7/all': groupsRoute(many) });
    expect(await group('QUIZ_6')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'QUIZ_7' })).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2 (7 items)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await group('QUIZ_7')).toBeInTheDocument();
  });

  it('creates an exam in another course and switches the filter to it', async () => {
    const { fetch, user } = setup('/exams?courseId=8', {
      'POST /api/v1/exams': { status: 201, body: exam(99, 'CHEM101_FINAL', 'MCQ') },
    });
    const create = screen.getByRole('button', { name: 'Create New Exam' });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Exam' });
    const course = within(dialog).getByRole('combobox', { name: 'Course' });
    expect(course).toHaveValue('Physical Chemistry');
    await user.click(course);
    await user.click(await screen.findByRole('option', { name: 'Organic Chemistry' }));
    await user.type(within(dialog).getByLabelText('Title', { exact: false }), 'Final');
    await user.type(within(dialog).getByLabelText('Exam Identifier', { exact: false }), 'CHEM101_FINAL');
    await user.type(within(dialog).getByLabelText('Description', { exact: false }), 'Organic reactions');
    await user.selectOptions(within(dialog).getByLabelText('Exam Type'), 'MCQ');
    fireEvent.change(within(dialog).getByLabelText('Due Date and Time', { exact: false }), {
      target: { value: '2026-05-01T09:30' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create Exam' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Exam created successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await group('CHEM101_FINAL')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Course' })).toHaveValue('Organic Chemistry');
    expect(fetch.calls.some((call) => call.method === 'POST' && call.path === '/api/v1/exams')).toBe(true);
  });

  it('searches title and description on the server', async () => {
    const { fetch, user } = setup();
    await group('CHEM101_MID');
    await user.type(screen.getByPlaceholderText('Search by title or description...'), 'final');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'CHEM101_MID' })).not.toBeInTheDocument());
    expect(fetch.calls.some((call) => call.path === '/api/v1/exams/course/7/all?limit=6&offset=0&q=final')).toBe(true);
  });

  it('shows the exams of the course chosen in the filter', async () => {
    const { user } = setup('/exams');
    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'Organic Chemistry' }));
    expect(await group('CHEM101_FINAL')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'Physical Chemistry' }));
    expect(await screen.findByText('No exams found for the selected course.')).toBeInTheDocument();
  });
});
