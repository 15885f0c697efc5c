import { Button, Group } from '@mantine/core';
import type { Exam } from '@valence/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmDialog } from '../../../components/confirm-dialog';
import { useDeleteExamContent } from '../api/delete-exam-content';
import { getClassSize } from '../api/get-class-size';
import { useSetExamPublished } from '../api/set-exam-published';
import { useSetMarksPublished } from '../api/set-marks-published';
import { marksQuestion } from '../model/marks-question';
import { CreateExamDialog } from './create-exam-dialog';

export const DELETE_CONTENT_QUESTION =
  "Are you sure you want to delete this exam's content? This action cannot be undone.";

const small = { size: 'compact-sm', variant: 'light' } as const;

/**
 * One exam's actions. Each exam has its own mutations, so a pending toggle disables only its own
 * button. What needs the content (paper, questions, deleting it, publishing) is disabled once it is gone;
 * submissions and marks stay reachable.
 */
export function ExamActions({ exam, timeZone }: { exam: Exam; timeZone: string }) {
  const publish = useSetExamPublished();
  const marks = useSetMarksPublished();
  const remove = useDeleteExamContent();
  const [editing, setEditing] = useState(false);
  const gone = exam.contentDeleted;

  async function handleDelete() {
    const sure = await confirmDialog({
      title: 'Delete Exam Content',
      message: DELETE_CONTENT_QUESTION,
      confirmLabel: 'Delete',
    });
    // The outcome reaches the status line from the mutation's own texts.
    if (sure) await remove.mutateAsync(exam).catch(() => {});
  }

  /**
   * Marks reach every student at once, so publishing asks first, saying what the tutor may not have
   * in mind: students yet to hand in, scripts unmarked, an exam still open. The class size is read
   * as the button is pressed; without it the question says what it knows.
   */
  async function handleMarks() {
    const publishing = !exam.gradesPublished;
    if (publishing) {
      const classSize = await getClassSize(exam.courseId).catch(() => null);
      const sure = await confirmDialog({
        title: 'Publish Marks',
        message: marksQuestion({ exam, classSize, timeZone }),
        confirmLabel: 'Publish',
      });
      if (!sure) return;
    }
    marks.mutate({ exam, published: publishing });
  }

  // A disabled link is a plain disabled button: an <a> cannot be disabled.
  const paper =
    gone || !exam.examPaperUrl ? (
      <Button {...small} disabled>
        View Paper
      </Button>
    ) : (
      <Button {...small} component="a" href={exam.examPaperUrl} target="_blank" rel="noopener noreferrer">
        View Paper
      </Button>
    );
  const questions = gone ? (
    <Button {...small} disabled>
      Manage Questions
    </Button>
  ) : (
    <Button {...small} component={Link} to={`/exams/${exam.id}/manage-questions`}>
      Manage Questions
    </Button>
  );

  return (
    <Group gap={6} wrap="wrap">
      <Button {...small} disabled={gone} onClick={() => setEditing(true)}>
        Edit
      </Button>
      {exam.examType === 'MCQ' ? questions : paper}
      <Button {...small} component={Link} to={`/exams/${exam.id}/submissions`}>
        View Submissions
      </Button>
      <Button
        {...small}
        color={exam.published ? 'orange' : 'green'}
        disabled={gone || publish.isPending}
        onClick={() => publish.mutate({ exam, published: !exam.published })}
      >
        {exam.published ? 'Unpublish Exam' : 'Publish Exam'}
      </Button>
      {exam.examType === 'TRADITIONAL' && exam.published && (
        <Button
          {...small}
          color={exam.gradesPublished ? 'orange' : 'blue'}
          disabled={marks.isPending}
          onClick={handleMarks}
        >
          {exam.gradesPublished ? 'Unpublish Marks' : 'Publish Marks'}
        </Button>
      )}
      <Button {...small} color="red" disabled={gone} loading={remove.isPending} onClick={handleDelete}>
        Delete Content
      </Button>
      {editing && (
        <CreateExamDialog
          exam={exam}
          courses={[{ id: exam.courseId, title: exam.courseTitle }]}
          courseId={exam.courseId}
          onCourseSearch={() => {}}
          timeZone={timeZone}
          onClose={() => setEditing(false)}
          onCreated={() => setEditing(false)}
        />
      )}
    </Group>
  );
}
