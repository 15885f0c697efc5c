import { Button, Card, Input, MultiSelect, Stack, Title } from '@mantine/core';
import { type Student, studentLabel } from '@valence/contract';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { failure, type ShowStatus, success } from '../../../components/status';
import { errorMessage } from '../../../lib/api-client';
import { useAssignStudents } from '../api/create-enrollments';
import { useCourseEnrollments } from '../api/get-course-enrollments';

export const SELECT_ALL = '__all__';

type AssignStudentsFormProps = {
  courseId: number;
  /** All students; the page supplies them so this feature stays independent of the students feature. */
  students: Student[];
  onStatus: ShowStatus;
};

/** Multi-select of students not yet in the course, with a Select All option. */
export function AssignStudentsForm({ courseId, students, onStatus }: AssignStudentsFormProps) {
  const enrollments = useCourseEnrollments(courseId);
  const assign = useAssignStudents();
  const [selected, setSelected] = useState<string[]>([]);
  const inputId = useId();
  const hintId = useId();

  const available = useMemo(() => {
    const assigned = new Set(enrollments.data?.map((enrollment) => enrollment.studentId));
    return students.filter((student) => !assigned.has(student.id));
  }, [students, enrollments.data]);

  const options = useMemo(
    () => [
      ...(available.length > 0 ? [{ value: SELECT_ALL, label: 'Select All' }] : []),
      ...available.map((student) => ({ value: String(student.id), label: studentLabel(student) })),
    ],
    [available],
  );

  function handleChange(values: string[]) {
    setSelected(values.includes(SELECT_ALL) ? available.map((student) => String(student.id)) : values);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (selected.length === 0 || assign.isPending) return;
    onStatus(null);
    try {
      await assign.mutateAsync({ courseId, studentIds: selected.map(Number) });
      setSelected([]);
      onStatus(success('Students assigned successfully'));
    } catch (error) {
      onStatus(failure(`Error assigning students: ${errorMessage(error, 'unknown error')}`));
    }
  }

  return (
    <Card withBorder padding="lg" component="section">
      <form onSubmit={handleSubmit}>
        <Stack>
          <Title order={3} id="assign-students-heading">
            Assign Students
          </Title>
          {/*
            The label sits outside MultiSelect on purpose: given `label`, Mantine also names its
            always-mounted listbox with it, and "Select Students" would match two elements.
          */}
          <Stack gap={4}>
            <Input.Label htmlFor={inputId}>Select Students</Input.Label>
            {/* The hint is a description, not the placeholder: a placeholder this long is cut off. */}
            {students.length === 0 && (
              <Input.Description id={hintId}>No students yet: add them on the Students page.</Input.Description>
            )}
            <MultiSelect
              id={inputId}
              aria-describedby={students.length === 0 ? hintId : undefined}
              placeholder={
                available.length > 0
                  ? 'Search students'
                  : students.length > 0
                    ? 'All students assigned'
                    : 'No students yet'
              }
              data={options}
              value={selected}
              onChange={handleChange}
              searchable
              clearable
              nothingFoundMessage="No matching students"
              disabled={assign.isPending}
            />
          </Stack>
          <Button
            type="submit"
            disabled={assign.isPending || selected.length === 0}
            loading={assign.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {assign.isPending ? 'Assigning...' : 'Assign Students'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
