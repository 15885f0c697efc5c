/** What a key press asks of the studio, or null when it is not one of its keys. */
export type StudioKey =
  | { action: 'next' | 'previous' | 'save' | 'undo' | 'redo' }
  | { action: 'comment'; index: number }
  | { action: 'tool'; tool: string };

type KeyLike = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'> & {
  target: EventTarget | null;
};

/** Text fields, where letters are typed rather than commands. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement)
    return !['button', 'checkbox', 'radio', 'range', 'file', 'submit', 'reset'].includes(target.type);
  return false;
}

/**
 * The studio's keys. n / p / s and the tool letters only outside text fields; Ctrl+Z / Ctrl+Shift+Z
 * (undo, redo of annotations) outside text fields too, so a text field keeps its own undo; Alt+1..9
 * (a comment of the bank into the feedback) everywhere, since it types nothing.
 */
export function studioKey(event: KeyLike): StudioKey | null {
  const typing = isTyping(event.target);
  if (event.altKey && !event.ctrlKey && !event.metaKey) {
    // `code` because Alt+digit gives another character on a Mac keyboard.
    const digit = /^Digit([1-9])$/.exec(event.code)?.[1] ?? (/^[1-9]$/.test(event.key) ? event.key : undefined);
    return digit ? { action: 'comment', index: Number(digit) - 1 } : null;
  }
  if (typing) return null;
  const key = event.key.toLowerCase();
  if (event.ctrlKey || event.metaKey) {
    if (key === 'z') return { action: event.shiftKey ? 'redo' : 'undo' };
    if (key === 'y') return { action: 'redo' };
    return null;
  }
  if (key === 'n') return { action: 'next' };
  if (key === 'p') return { action: 'previous' };
  if (key === 's') return { action: 'save' };
  return null;
}
