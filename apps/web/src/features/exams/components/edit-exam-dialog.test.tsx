import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXAM_MESSAGES, type Exam } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { exam } from '../test-fixtures';
import { CreateExamDialog, PAST_DUE_QUESTION, SHORTER_NOTE } from './create-exam-dialog';

// 04:00 UTC is 09:30 in Colombo; 03:00 is 08:30.
const MCQ = exam(41, 'CHEM101_FINAL', 'MCQ', {
  title: 'Paper I',
  description: '50 questions',
  dueDate: '2099-05-01T04:00:00.000Z',
  opensAt: '2099-05-01T03:00:00.000Z',
  timeLimitMinutes: 120,
  shuffleQuestions: true,
  reviewAfter: 'after-close',
  published: true,
});

type Answer = { status: number; body: unknown };

function setup(edited: Exam = MCQ, answers: Answer[] = []) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const fake = fakeFetch({
    [`PATCH /api/v1/exams/${edited.id}`]: ({ body }) =>
      answers.shift() ?? { status: 200, body: { ...edited, ...(body as object) } },
  });
  vi.stubGlobal('fetch', fake.fn);
  const onCreated = vi.fn();
  renderWithProviders(
    <CreateExamDialog
      exam={edited}
      courses={[{ id: 7, title: 'Organic Chemistry' }]}
      courseId={7}
      onCourseSearch={() => {}}
      timeZone="Asia/Colombo"
      onClose={() => {}}
      onCreated={onCreated}
    />,
  );
  const patches = () => fake.calls.filter((call) => call.method === 'PATCH').map((call) => call.body);
  return { patches, onCreated, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog', { name: 'Edit Exam' });
const field = (label: string) => within(dialog()).getByLabelText(label, { exact: false });
const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));

describe('Edit Exam dialog', () => {
  it('opens filled in with the exam, its times in the platform zone, and what cannot change disabled', () => {
    setup();
    expect(field('Title')).toHaveValue('Paper I');
    expect(field('Description')).toHaveValue('50 questions');
    expect(field('Due Date and Time')).toHaveValue('2099-05-01T09:30');
    expect(field('Opens at')).toHaveValue('2099-05-01T08:30');
    expect(field('Time limit (minutes)')).toHaveValue(120);
    expect(field('Shuffle questions')).toBeChecked();
    expect(field('Shuffle options')).not.toBeChecked();
    expect(field('Questions per student')).toHaveValue(null);
    expect(field('Show answers')).toHaveValue('after-close');
    expect(field('Exam Identifier')).toBeDisabled();
    expect(field('Exam Type')).toBeDisabled();
    expect(within(dialog()).queryByLabelText('Exam Paper')).toBeNull();
  });

  it('sends a PATCH of only the fields changed, a cleared setting as null', async () => {
    const { patches, onCreated, user } = setup();
    await user.clear(field('Title'));
    await user.type(field('Title'), ' Paper I (revised) ');
    await user.clear(field('Time limit (minutes)'));
    await user.click(field('Shuffle options'));
    await user.type(field('Questions per student'), '40');
    await user.selectOptions(field('Show answers'), 'never');
    await save(user);
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(patches()).toEqual([
      {
        title: 'Paper I (revised)',
        timeLimitMinutes: null,
        shuffleOptions: true,
        questionsPerStudent: 40,
        reviewAfter: 'never',
      },
    ]);
  });

  it('asks before keeping a due date the server says has passed, then sends it again as meant', async () => {
    const { patches, onCreated, user } = setup(MCQ, [{ status: 400, body: { message: EXAM_MESSAGES.pastDue } }]);
    fireEvent.change(field('Opens at'), { target: { value: '' } });
    fireEvent.change(field('Due Date and Time'), { target: { value: '2020-01-01T10:00' } });
    await save(user);
    const confirm = await screen.findByRole('dialog', { name: 'Due date passed' });
    expect(confirm).toHaveTextContent(PAST_DUE_QUESTION);
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(patches()).toEqual([
      { dueDate: '2020-01-01T10:00:00', opensAt: null },
      { dueDate: '2020-01-01T10:00:00', opensAt: null, allowPastDueDate: true },
    ]);
  });

  it('sends nothing more when the tutor does not confirm a past due date', async () => {
    const { patches, onCreated, user } = setup(MCQ, [{ status: 400, body: { message: EXAM_MESSAGES.pastDue } }]);
    fireEvent.change(field('Opens at'), { target: { value: '' } });
    fireEvent.change(field('Due Date and Time'), { target: { value: '2020-01-01T10:00' } });
    await save(user);
    const confirm = await screen.findByRole('dialog', { name: 'Due date passed' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Due date passed' })).toBeNull());
    expect(patches()).toHaveLength(1);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('says sittings in progress end at the new time when an open exam is due sooner', () => {
    setup();
    expect(within(dialog()).queryByText(SHORTER_NOTE)).toBeNull();
    fireEvent.change(field('Due Date and Time'), { target: { value: '2099-05-01T09:00' } });
    expect(within(dialog()).getByText(SHORTER_NOTE)).toBeInTheDocument();
    fireEvent.change(field('Due Date and Time'), { target: { value: '2099-05-02T09:00' } });
    expect(within(dialog()).queryByText(SHORTER_NOTE)).toBeNull();
  });

  it('offers no MCQ-only settings on a PART II exam', () => {
    setup(exam(42, 'CHEM101_FINAL', 'TRADITIONAL'));
    expect(field('Time limit (minutes)')).toBeInTheDocument();
    expect(within(dialog()).queryByLabelText('Shuffle questions')).toBeNull();
    expect(within(dialog()).queryByLabelText('Questions per student')).toBeNull();
  });
});
