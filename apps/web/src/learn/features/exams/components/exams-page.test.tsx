import { act, screen, within } from '@testing-library/react';
import type { StudentExamSummary } from '@valence/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsBody } from '../../../../test/settings';
import { formatWhen, timeLeft } from '../../../lib/time';
import { fakeFetch, renderLearn } from '../../../test/render';
import ExamsPage, { NO_EXAMS } from './exams-page';

const ZONE = 'Asia/Colombo';
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

function summary(over: Partial<StudentExamSummary>): StudentExamSummary {
  return {
    id: 1,
    courseId: 1,
    courseTitle: 'Chemistry 2026',
    title: 'Exam',
    description: '',
    dueDate: inHours(24),
    examType: 'MCQ',
    examIdentifier: 'U1',
    questionCount: 10,
    submitted: false,
    submittedAt: null,
    hasDraft: false,
    opensAt: null,
    timeLimitMinutes: null,
    sitting: null,
    ...over,
  };
}

function renderList(exams: StudentExamSummary[]) {
  vi.stubGlobal(
    'fetch',
    fakeFetch({ 'GET /me/exams': { body: exams }, 'GET /settings': { body: settingsBody(ZONE) } }).fn,
  );
  renderLearn(<ExamsPage />, { path: '/exams' });
}

const card = (title: string) => screen.getByText(title).closest('a') as HTMLAnchorElement;

describe('students app exams list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists exams to do soonest due first, then the finished ones, each with where the student stands', async () => {
    const later = inHours(50);
    renderList([
      summary({ id: 1, title: 'Old paper', dueDate: inHours(-48) }),
      summary({ id: 2, title: 'Later MCQ', dueDate: later }),
      summary({ id: 3, title: 'Soon PART II', dueDate: inHours(3), examType: 'TRADITIONAL', hasDraft: false }),
      summary({ id: 4, title: 'Begun MCQ', dueDate: inHours(5), hasDraft: true }),
      summary({ id: 5, title: 'Done MCQ', submitted: true, submittedAt: '2026-11-20T04:30:00.000Z' }),
    ]);
    const ahead = await screen.findByRole('list', { name: 'Exams to do' });
    expect(
      within(ahead)
        .getAllByRole('link')
        .map((link) => link.querySelector('.card-title')?.textContent),
    ).toEqual(['Soon PART II', 'Begun MCQ', 'Later MCQ']);
    const done = screen.getByRole('list', { name: 'Submitted and closed exams' });
    expect(within(done).getAllByRole('link')).toHaveLength(2);

    expect(card('Soon PART II')).toHaveTextContent('PART II');
    expect(card('Soon PART II')).toHaveTextContent('Open');
    expect(card('Soon PART II')).toHaveAttribute('href', '/exams/3');
    expect(card('Begun MCQ')).toHaveTextContent('In progress');
    expect(card('Old paper')).toHaveTextContent('Closed');
    expect(card('Done MCQ')).toHaveTextContent('Submitted');
    expect(await screen.findByText(`Submitted ${formatWhen('2026-11-20T04:30:00.000Z', ZONE)}`)).toBeInTheDocument();
    expect(card('Later MCQ')).toHaveTextContent(`MCQ · Due ${formatWhen(later, ZONE)}`);
    expect(card('Later MCQ')).toHaveTextContent(`${timeLeft(later, Date.now())} left`);
    expect(card('Old paper')).not.toHaveTextContent('left');
  });

  it('counts down every second in the last ten minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderList([summary({ title: 'Now', dueDate: new Date(Date.now() + 65_000).toISOString() })]);
      expect(await screen.findByText('1 min left')).toBeInTheDocument();
      // A second at a time: each tick renders before the next timer is set.
      for (let second = 0; second < 10; second += 1) await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(screen.getByText(/^5\d s left$/)).toBeInTheDocument();
      for (let second = 0; second < 60; second += 1) await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(card('Now')).toHaveTextContent('Closed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('typesets notation in exam and course titles', async () => {
    renderList([summary({ title: 'Acids: \\ce{H2SO4}', courseTitle: 'රසායන විද්‍යාව \\ce{Cu^2+}' })]);
    const link = (await screen.findByText(/^Acids:/)).closest('a') as HTMLAnchorElement;
    await vi.waitFor(() => expect(link.querySelectorAll('.katex')).toHaveLength(2));
    expect(link).toHaveTextContent('රසායන විද්‍යාව');
  });

  it('says when there are no exams', async () => {
    renderList([]);
    expect(await screen.findByText(NO_EXAMS)).toBeInTheDocument();
  });
});
