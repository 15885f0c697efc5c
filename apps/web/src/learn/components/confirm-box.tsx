import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A question asked in the page before a step that cannot be taken back (handing in, starting the
 * clock), with its buttons. It takes the focus when it appears, so a screen reader and a keyboard
 * follow it.
 */
export function ConfirmBox({ question, children }: { question: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const textId = useId();
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className="alert info confirm" role="alertdialog" aria-labelledby={textId} ref={ref} tabIndex={-1}>
      <p id={textId}>
        <strong>{question}</strong>
      </p>
      <div className="actions">{children}</div>
    </div>
  );
}
