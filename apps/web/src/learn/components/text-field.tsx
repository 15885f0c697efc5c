import type { InputHTMLAttributes, ReactNode } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  /** The input's id, also naming its error for screen readers. */
  name: string;
  label: string;
  /** The field's error (a form's `getInputProps(...).error`), read out with the field. */
  error?: ReactNode;
};

/** A labelled input with its error under it, tied together for screen readers. */
export function TextField({ name, label, error, type = 'text', ...input }: Props) {
  const errorId = `${name}-error`;
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        type={type}
        {...input}
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
