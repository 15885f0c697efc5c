import { Select } from '@mantine/core';
import type { Course } from '@valence/contract';
import { type FocusEvent, type ReactNode, useState } from 'react';

export type CourseOption = Pick<Course, 'id' | 'title'>;

/**
 * Every course seen so far, newest answer first. The page asks the server for the courses matching
 * what is typed, so a chosen course may drop out of the latest answer; its select must still be
 * able to name it.
 */
export function useKnownCourses(courses: CourseOption[] | undefined): CourseOption[] {
  const [seen, setSeen] = useState<{ from?: CourseOption[]; known: CourseOption[] }>({ known: [] });
  if (courses && courses !== seen.from) {
    // Adjusting state from a new prop during render (React's documented pattern), not in an effect.
    const ids = new Set(courses.map((course) => course.id));
    const known = [...courses, ...seen.known.filter((course) => !ids.has(course.id))];
    setSeen({ from: courses, known });
    return known;
  }
  return seen.known;
}

type CourseSelectProps = {
  label: string;
  courses: CourseOption[];
  value?: string | null;
  onChange: (value: string | null) => void;
  /** What is typed, for the page to ask the server for matching courses; empty when it is the chosen title. */
  onSearch?: (text: string) => void;
  error?: ReactNode;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  placeholder?: string;
  clearable?: boolean;
  withAsterisk?: boolean;
  loading?: boolean;
  /** An exam being edited keeps its course. */
  disabled?: boolean;
};

/** A searchable course select; its value is the course id as text, as Mantine's Select keeps values. */
export function CourseSelect({ courses, value = null, onSearch, loading, ...props }: CourseSelectProps) {
  const data = courses.map((course) => ({ value: String(course.id), label: course.title }));
  // A course the page has not loaded (an old link's courseId) still shows as chosen.
  if (value && !data.some((option) => option.value === value)) data.push({ value, label: `Course ${value}` });
  const chosenLabel = data.find((option) => option.value === value)?.label;
  return (
    <Select
      {...props}
      data={data}
      value={value}
      searchable
      nothingFoundMessage={loading ? 'Loading courses...' : 'No matching courses'}
      // The chosen course's title in the box is not a search: the page then asks for every course.
      onSearchChange={(text) => onSearch?.(text === chosenLabel ? '' : text)}
    />
  );
}
