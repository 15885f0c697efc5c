import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXAM_MESSAGES, type Exam, MARKING_MESSAGES } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { exam } from '../test-fixtures';
import { CreateExamDialog } from './create-exam-dialog';

const COURSES = [
  { id: 7, title: 'Organic Chemistry' },
  { id: 8, title: 'Physical Chemistry' },
];
/** The server's answer to a create: the exam as sent, with its id (the fixture's due date). */
const created = (dto: Record<string, unknown>): Exam =>
  exam(41, dto.examIdentifier as string, dto.examType as Exam['examType'], {
    courseId: dto.courseId as number,
    title: dto.title as string,
    description: dto.description as string,
    examPaperUrl: null,
  });

function setup(answer?: { status: number; body: unknown }, courseId: number | null = 7) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const sent: FormData[] = [];
  const fake = fakeFetch({
    'POST /api/v1/exams': () => answer ?? { status: 201, body: created(JSON.parse(String(sent[0]?.get('examDTO')))) },
  });
  // The fake reads JSON bodies only; the multipart body is kept here to look at its parts.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body instanceof FormData) sent.push(init.body);
    return fake.fn(input, init);
  });
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <>
      <StatusOutlet />
      <CreateExamDialog
        courses={COURSES}
        courseId={courseId}
        onCourseSearch={() => {}}
        timeZone="Asia/Colombo"
        onClose={onClose}
        onCreated={onCreated}
      />
    </>,
  );
  return { sent, fake, onCreated, onClose, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog', { name: 'Create New Exam' });
const field = (label: string) => within(dialog()).getByLabelText(label, { exact: false });

async function fill(user: ReturnType<typeof userEvent.setup>, examType: 'MCQ' | 'TRADITIONAL' = 'TRADITIONAL') {
  await user.type(field('Title'), 'Final Paper');
  await user.type(field('Exam Identifier'), 'CHEM101_FINAL');
  await user.type(field('Description'), 'Organic reactions');
  await user.selectOptions(field('Exam Type'), examType);
  fireEvent.change(field('Due Date and Time'), { target: { value: '2026-05-01T09:30' } });
}

describe('CreateExamDialog', () => {
  it('offers every exam field, the filter course chosen, and PART II / MCQ by their labels', () => {
    setup();
    expect(within(dialog()).getByRole('combobox', { name: 'Course' })).toHaveValue('Organic Chemistry');
    expect(field('Exam Identifier')).toHaveAttribute('placeholder', 'e.g., CHEM101_FINAL');
    const types = within(field('Exam Type') as HTMLSelectElement).getAllByRole('option');
    expect(types.map((option) => option.textContent)).toEqual([
      'PART II (File Upload)',
      'MCQ (Multiple Choice Questions)',
    ]);
    expect(field('Exam Paper')).toHaveAttribute('accept', '.pdf,.doc,.docx,.jpg,.jpeg,.png');
    expect(field('Due Date and Time')).toHaveAttribute('type', 'datetime-local');
  });

  it("shows the screen's fixed messages and sends nothing while fields are missing", async () => {
    const { fake, user } = setup();
    await user.click(within(dialog()).getByRole('button', { name: 'Create Exam' }));
    expect(await within(dialog()).findByText(EXAM_MESSAGES.identifier)).toBeInTheDocument();
    expect(within(dialog()).getByText(EXAM_MESSAGES.paper)).toBeInTheDocument();
    expect(within(dialog()).getAllByText(EXAM_MESSAGES.required)).toHaveLength(3);
    expect(fake.calls).toHaveLength(0);
  });

  it('asks for a course when the filter had none to offer', async () => {
    const { user } = setup(undefined, null);
    expect(within(dialog()).getByRole('combobox', { name: 'Course' })).toHaveValue('');
    await user.click(within(dialog()).getByRole('button', { name: 'Create Exam' }));
    expect(await within(dialog()).findByText(EXAM_MESSAGES.course)).toBeInTheDocument();
  });

  it('posts a PART II exam as multipart: the examDTO JSON part and the paper', async () => {
    const { sent, onCreated, user } = setup();
    await fill(user);
    const paper = new File(['%PDF-1.7'], 'final.pdf', { type: 'application/pdf' });
    await user.upload(field('Exam Paper') as HTMLInputElement, paper);
    await user.click(within(dialog()).getByRole('button', { name: 'Create Exam' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 41, courseId: 7 })));
    expect(JSON.parse(String(sent[0]?.get('examDTO')))).toEqual({
      courseId: 7,
      title: 'Final Paper',
      description: 'Organic reactions',
      // A wall-clock time in the platform zone, to the second; the server reads it there.
      dueDate: '2026-05-01T09:30:00',
      examType: 'TRADITIONAL',
      examIdentifier: 'CHEM101_FINAL',
    });
    const part = sent[0]?.get('examPaperFile');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('final.pdf');
    expect(await screen.findByRole('status')).toHaveTextContent('Exam created successfully');
  });

  it('sends a PART II mark scheme only once its maximum marks add up to 100', async () => {
    const { sent, onCreated, user } = setup();
    await fill(user);
    await user.upload(field('Exam Paper') as HTMLInputElement, new File(['%PDF-1.7'], 'final.pdf'));
    const scheme = within(dialog()).getByRole('group', { name: 'Mark scheme' });
    await user.click(within(scheme).getByRole('button', { name: 'Add question' }));
    await user.click(within(scheme).getByRole('button', { name: 'Add question' }));
    fireEvent.change(field('Question 1 maximum marks'), { target: { value: '60' } });
    fireEvent.change(field('Question 2 maximum marks'), { target: { value: '30' } });
    expect(within(scheme).getByText('Total: 90 of 100')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Create Exam' }));
    expect(await within(scheme).findByText(MARKING_MESSAGES.schemeTotal)).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.change(field('Question 2 maximum marks'), { target: { value: '40' } });
    await user.click(within(dialog()).getByRole('button', { name: 'Create Exam' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(JSON.parse(String(sent[0]?.get('examDTO'))).markScheme).toEqual([
      { label: 'Q1', maxMarks: 60 },
      { label: 'Q2', maxMarks: 40 },
    ]);
  }, 20_000);

  it('posts an MCQ exam without a paper part, and shows no paper field', async () => {
    const { sent, onCreated, user } = setup();
    await fill(user, 'MCQ');
    expect(within(dialog()).queryByLabelText('Exam Paper', { exact: false })).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Create Exam' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(JSON.parse(String(sent[0]?.get('examDTO')))).toMatchObject({ examType: 'MCQ' });
    expect(sent[0]?.has('examPaperFile')).toBe(false);
  });

  it("shows the server's refusal in red inside the dialog and keeps what was typed", async () => {
    const reason = 'An MCQ exam with the identifier CHEM101_FINAL already exists in this course.';
    const { onCreated, user } = setup({ status: 409, body: { message: reason } });
    await fill(user, 'MCQ');
    await user.click(within(dialog()).getByRole('button', { name: 'Create Exam' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(reason);
    expect(field('Title')).toHaveValue('Final Paper');
    expect(field('Exam Identifier')).toHaveValue('CHEM101_FINAL');
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('says the create failed when the server gives no reason', async () => {
    const { user } = setup({ status: 500, body: { message: 'Internal server error.' } });
    await fill(user, 'MCQ');
    await user.click(within(dialog()).getByRole('button', { name: 'Create Exam' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Failed to create exam. Please try again.');
  });
});
