import { Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Exam, type ExamOverride, formatInTimeZone, SEARCH_DEBOUNCE_MS } from '@valence/contract';
import { useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { failureText } from '../../../lib/failure-text';
import { useDeleteOverride, useExamOverrides, useSaveOverride } from '../api/exam-overrides';
import { useEnrolledStudents } from '../api/get-enrolled-students';
import { toLocalDateTime } from '../model/exam-form';

type PanelProps = { exam: Pick<Exam, 'id' | 'courseId' | 'contentDeleted'>; timeZone: string };

const who = (override: Pick<ExamOverride, 'name' | 'username'>) =>
  override.name ? `${override.name} (${override.username})` : override.username;

/**
 * The exam's overrides: one student's extra time (a timed sitting lasts that much longer) or their
 * own opening and due date (a late joiner, a make-up sitting). Shown beside the exam's submissions,
 * where a tutor looks for one student's sitting.
 */
export function ExamOverridesPanel({ exam, timeZone }: PanelProps) {
  const overrides = useExamOverrides(exam.id);
  const remove = useDeleteOverride();
  const [editing, setEditing] = useState<ExamOverride | 'new' | null>(null);
  const at = (iso: string | null) => (iso ? formatInTimeZone(iso, timeZone) : '—');

  async function handleRemove(override: ExamOverride) {
    const sure = await confirmDialog({
      title: 'Remove Override',
      message: `Remove the override of ${who(override)}? The exam's own times apply to them again.`,
      confirmLabel: 'Remove',
    });
    if (sure) await remove.mutateAsync({ examId: exam.id, ...override }).catch(() => {});
  }

  const items = overrides.data?.items ?? [];
  return (
    <Card withBorder component="section" aria-labelledby={`overrides-${exam.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} id={`overrides-${exam.id}`}>
            Overrides
          </Title>
          <Button size="compact-sm" variant="light" disabled={exam.contentDeleted} onClick={() => setEditing('new')}>
            Add override
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Extra time, or an opening and due date of their own, for one student.
        </Text>
        {overrides.isError && <Text c="red">{failureText(overrides.error, 'Failed to load the overrides.')}</Text>}
        {overrides.isSuccess && items.length === 0 && <Text size="sm">No student has an override.</Text>}
        {items.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Student</Table.Th>
                  <Table.Th>Extra minutes</Table.Th>
                  <Table.Th>Opens at</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((override) => (
                  <Table.Tr key={override.studentId}>
                    <Table.Td>{who(override)}</Table.Td>
                    <Table.Td>{override.extraMinutes ?? '—'}</Table.Td>
                    <Table.Td>{at(override.opensAt)}</Table.Td>
                    <Table.Td>{at(override.dueDate)}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="light"
                          aria-label={`Edit the override of ${override.username}`}
                          onClick={() => setEditing(override)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          aria-label={`Remove the override of ${override.username}`}
                          onClick={() => handleRemove(override)}
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {editing && (
        <OverrideDialog
          exam={exam}
          override={editing === 'new' ? null : editing}
          timeZone={timeZone}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

type DialogProps = PanelProps & { override: ExamOverride | null; onClose: () => void };

/** Add (a student to choose) or edit (the student fixed) one override; a field left empty is the exam's own. */
function OverrideDialog({ exam, override, timeZone, onClose }: DialogProps) {
  const save = useSaveOverride();
  const local = (iso: string | null) => (iso ? formatInTimeZone(iso, timeZone).replace(' ', 'T') : '');
  const [studentId, setStudentId] = useState<string | null>(override ? String(override.studentId) : null);
  const [extraMinutes, setExtraMinutes] = useState(override?.extraMinutes?.toString() ?? '');
  const [opensAt, setOpensAt] = useState(local(override?.opensAt ?? null));
  const [dueDate, setDueDate] = useState(local(override?.dueDate ?? null));
  const [missing, setMissing] = useState(false);

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!studentId) return setMissing(true);
    const minutes = extraMinutes.trim();
    const input = {
      extraMinutes: minutes === '' ? null : Number(minutes),
      opensAt: opensAt.trim() ? toLocalDateTime(opensAt) : null,
      dueDate: dueDate.trim() ? toLocalDateTime(dueDate) : null,
    };
    try {
      await save.mutateAsync({ examId: exam.id, studentId: Number(studentId), input });
      onClose();
    } catch {
      // Shown below the fields from the mutation's error.
    }
  }

  return (
    <FormDialog
      title={override ? `Override of ${who(override)}` : 'Add Override'}
      onClose={onClose}
      onSubmit={handleSubmit}
      error={save.isError && failureText(save.error, 'Failed to save the override. Please try again.')}
      submitLabel="Save Override"
      pending={save.isPending}
    >
      {override ? (
        <Text>{who(override)}</Text>
      ) : (
        <EnrolledStudentSelect
          courseId={exam.courseId}
          value={studentId}
          onChange={(id) => {
            setStudentId(id);
            setMissing(false);
          }}
          error={missing ? 'Please choose a student.' : undefined}
        />
      )}
      <TextInput
        type="number"
        min={1}
        label="Extra minutes"
        description="Added to a timed sitting."
        value={extraMinutes}
        onChange={(event) => setExtraMinutes(event.currentTarget.value)}
      />
      <TextInput
        type="datetime-local"
        label="Own opening"
        description={`Empty: the exam's own. In the platform's time zone (${timeZone}).`}
        value={opensAt}
        onChange={(event) => setOpensAt(event.currentTarget.value)}
      />
      <TextInput
        type="datetime-local"
        label="Own due date"
        description="Empty: the exam's own."
        value={dueDate}
        onChange={(event) => setDueDate(event.currentTarget.value)}
      />
    </FormDialog>
  );
}

type SelectProps = {
  courseId: number;
  value: string | null;
  onChange: (studentId: string | null) => void;
  error: string | undefined;
};

/** The course's ACTIVE students, found by username on the server as they are typed. */
function EnrolledStudentSelect({ courseId, value, onChange, error }: SelectProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const page = useEnrolledStudents(courseId, { page: 1, pageSize: 20, ...(q ? { q } : {}) });
  const students = (page.data?.items ?? []).filter((row) => row.status === 'ACTIVE');
  const data = students.map((row) => ({ value: String(row.studentId), label: row.studentUsername }));
  const chosenLabel = data.find((option) => option.value === value)?.label;
  return (
    <Select
      label="Student"
      placeholder="Search the course's students by username"
      withAsterisk
      data={data}
      value={value}
      onChange={onChange}
      searchable
      onSearchChange={(text) => setSearch(text === chosenLabel ? '' : text)}
      filter={({ options }) => options}
      nothingFoundMessage={page.isFetching ? 'Searching...' : 'No matching students'}
      error={error}
    />
  );
}
