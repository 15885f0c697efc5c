import { Button, Card, Input, MultiSelect, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS, type Student, studentLabel } from '@valence/contract';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useSingleFlight } from '../../../lib/single-flight';
import { type AssignStudentsVariables, useAssignStudents } from '../api/create-enrollments';
import { ASSIGNABLE_LIMIT, useAssignableStudents } from '../api/get-assignable-students';

export const SELECT_ALL = '__all__';

/** What is chosen: named students (kept with their labels across searches), or all not yet assigned. */
type Selection = { kind: 'some'; students: Map<string, Student> } | { kind: 'all'; q: string; count: number };
const nothing = (): Selection => ({ kind: 'some', students: new Map() });

/**
 * Multi-select of students not yet in the course, searched on the server (a class may have
 * thousands), with a Select All option that assigns every student not yet assigned.
 */
export function AssignStudentsForm({ courseId }: { courseId: number }) {
  const assign = useAssignStudents();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const assignable = useAssignableStudents(courseId, q);
  const [selection, setSelection] = useState<Selection>(nothing);
  const inputId = useId();
  const hintId = useId();

  const offered = assignable.data?.items ?? [];
  const total = assignable.data?.total ?? 0;
  const chosen = selection.kind === 'some' ? [...selection.students.values()] : [];
  // Chosen students stay in the data while another search shows other ones, so their pills keep a label.
  const known = new Map([...chosen, ...offered].map((student) => [String(student.id), student]));
  // Select All comes last: the arrow keys reach the students first, so it is never picked by a key
  // meant for the student just searched for.
  const options = [
    ...[...known.entries()].map(([id, student]) => ({ value: id, label: studentLabel(student) })),
    ...(total > 0 || selection.kind === 'all' ? [{ value: SELECT_ALL, label: 'Select All' }] : []),
  ];
  const value = selection.kind === 'all' ? [SELECT_ALL] : [...selection.students.keys()];

  function handleChange(values: string[]) {
    if (values.includes(SELECT_ALL) && selection.kind !== 'all') {
      setSelection({ kind: 'all', q, count: total });
      return;
    }
    const students = new Map<string, Student>();
    for (const id of values) {
      const student = known.get(id);
      if (student) students.set(id, student);
    }
    setSelection({ kind: 'some', students });
  }

  /**
   * Enter in the search chooses a student, never sends the form: the highlighted option (the list
   * does that itself), else the first student found for what is typed once the server has answered.
   * On an empty search Enter sends the form, as in any form.
   */
  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || search.trim() === '') return;
    const list = document.getElementById(event.currentTarget.getAttribute('aria-controls') ?? '');
    if (list?.querySelector('[data-combobox-selected]')) return;
    event.preventDefault();
    if (selection.kind === 'all' || q !== search.trim() || assignable.isFetching) return;
    const first = offered.find((student) => !selection.students.has(String(student.id)));
    if (first) handleChange([...value, String(first.id)]);
  }

  const hint =
    selection.kind === 'all'
      ? `All ${selection.count} students not yet assigned${selection.q ? ` whose username contains "${selection.q}"` : ''} will be assigned.`
      : assignable.isSuccess && total === 0 && !q
        ? 'Every student is assigned, or there are none yet: add them on the Students page.'
        : total > ASSIGNABLE_LIMIT
          ? `Showing ${ASSIGNABLE_LIMIT} of ${total} students not yet assigned; type to narrow.`
          : null;

  const assignOnce = useSingleFlight(async () => {
    if (value.length === 0 || assign.isPending) return;
    const request: AssignStudentsVariables =
      selection.kind === 'all'
        ? { courseId, allUnassigned: selection.q ? { q: selection.q } : {} }
        : { courseId, studentIds: [...selection.students.values()].map((student) => student.id) };
    try {
      await assign.mutateAsync(request);
      setSelection(nothing());
      setSearch('');
    } catch {
      // The status line says why; the selection stays so the user can try again.
    }
  });
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void assignOnce();
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
            {hint && <Input.Description id={hintId}>{hint}</Input.Description>}
            <MultiSelect
              id={inputId}
              aria-describedby={hint ? hintId : undefined}
              placeholder={selection.kind === 'all' ? undefined : 'Search students'}
              data={options}
              value={value}
              onChange={handleChange}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              onKeyDown={handleKeyDown}
              // Mantine empties the search on each pick, which sent the server search back to the
              // unfiltered list while the user reached for the next student in the filtered one.
              clearSearchOnChange={false}
              // The server has already searched; filtering again here would hide nothing but cost time.
              filter={({ options: all }) => all}
              clearable
              nothingFoundMessage={assignable.isFetching ? 'Searching...' : 'No matching students'}
              disabled={assign.isPending}
            />
          </Stack>
          <Button
            type="submit"
            disabled={assign.isPending || value.length === 0}
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
