import { DateInput } from '@mantine/dates';
import { DATE_MESSAGES, DATE_YEARS, readDay } from '@valence/contract';
import { type ReactNode, useState } from 'react';

const YEARS = { min: new Date(DATE_YEARS.first, 0, 1), max: new Date(DATE_YEARS.last, 11, 31) };

/** The day a typed text names (`YYYY-MM-DD`), or null: nothing is rounded into another day. */
export function typedDay(text: string): string | null {
  return readDay(text).ok ? text.trim() : null;
}

/** Why a typed text is no day, in the server's words; null when it is one or is empty. */
export function typedDayProblem(text: string): string | null {
  if (text.trim() === '') return null;
  const reading = readDay(text);
  if (reading.ok) return null;
  return reading.problem === 'format' ? DATE_MESSAGES.dayFormat : DATE_MESSAGES.day;
}

type DayInputProps = {
  label: string;
  value: string | null;
  onChange: (day: string | null) => void;
  /** Told whether the text in the box names a day (or is empty), each time that changes. */
  onTypedChange?: (ok: boolean) => void;
  /** A problem of the value itself (such as a range), shown when the text is fine. */
  error?: ReactNode;
};

/**
 * A day picked from a calendar or typed as `YYYY-MM-DD`. Mantine's own parser rolls an impossible
 * day over (2026-02-30 becomes 2026-03-02) and its blur puts the old value back without a word;
 * here a text that is no day stays in the box with the reason under it, and the value is kept.
 */
export function DayInput({ label, value, onChange, onTypedChange, error }: DayInputProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const show = (next: string | null) => {
    if (next === problem) return;
    setProblem(next);
    onTypedChange?.(next === null);
  };

  return (
    <DateInput
      label={label}
      placeholder="YYYY-MM-DD"
      valueFormat="YYYY-MM-DD"
      clearable
      minDate={YEARS.min}
      maxDate={YEARS.max}
      value={value}
      dateParser={typedDay}
      fixOnBlur={false}
      onChange={(day) => {
        show(null);
        onChange(day);
      }}
      // The reason appears when the person leaves the box. It goes as soon as the text is mended:
      // Mantine calls onChange for every text that parses, and for an emptied box.
      onBlur={(event) => show(typedDayProblem(event.currentTarget.value))}
      error={problem ?? error}
    />
  );
}
