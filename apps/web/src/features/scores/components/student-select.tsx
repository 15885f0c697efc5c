import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS, type Student, studentLabel } from '@valence/contract';
import { useState } from 'react';
import { useStudentOptions } from '../api/search-students';

type StudentSelectProps = {
  value: string | null;
  onChange: (studentId: string | null) => void;
  /** `true` marks the field red; the sentence itself is on the page's status line. */
  error?: boolean;
};

/**
 * A student picked by typing: the server searches (a school has thousands), 300 ms after the last
 * key. The option is labelled by studentLabel and its value is the id, so the lookup sends the id.
 */
export function StudentSelect({ value, onChange, error }: StudentSelectProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const options = useStudentOptions(q);
  // The chosen student may drop out of a later answer; keep it so its label stays in the box.
  const [chosen, setChosen] = useState<Student | null>(null);
  const offered = options.data?.items ?? [];
  const students = chosen && !offered.some((s) => s.id === chosen.id) ? [chosen, ...offered] : offered;
  const chosenLabel = chosen ? studentLabel(chosen) : undefined;

  return (
    <Select
      label="Student"
      placeholder="Search students by username"
      data={students.map((student) => ({ value: String(student.id), label: studentLabel(student) }))}
      value={value}
      onChange={(id) => {
        setChosen(students.find((student) => String(student.id) === id) ?? null);
        onChange(id);
      }}
      searchable
      clearable
      // The chosen student's label in the box is not a search: the list then offers everyone again.
      onSearchChange={(text) => setSearch(text === chosenLabel ? '' : text)}
      // The server has already searched; filtering its answer again here would hide nothing.
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Searching...' : 'No matching students'}
      error={error}
    />
  );
}
