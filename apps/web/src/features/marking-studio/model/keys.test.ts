import { describe, expect, it } from 'vitest';
import { studioKey } from './keys';

const press = (key: string, target: EventTarget | null = document.body, extra: Partial<KeyboardEvent> = {}) =>
  studioKey({ key, code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target, ...extra });

describe('studio keys', () => {
  it('moves, saves, undoes and redoes outside text fields', () => {
    expect(press('n')).toEqual({ action: 'next' });
    expect(press('P')).toEqual({ action: 'previous' });
    expect(press('s')).toEqual({ action: 'save' });
    expect(press('z', document.body, { ctrlKey: true })).toEqual({ action: 'undo' });
    expect(press('Z', document.body, { ctrlKey: true, shiftKey: true })).toEqual({ action: 'redo' });
    expect(press('x')).toBeNull();
  });

  it('leaves letters and digits to the field being typed in', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    expect(press('n', input)).toBeNull();
    expect(press('s', textarea)).toBeNull();
    expect(press('7', input)).toBeNull();
    expect(press('z', textarea, { ctrlKey: true })).toBeNull();
    // A button is not a text field.
    expect(press('n', document.createElement('button'))).toEqual({ action: 'next' });
  });

  it('inserts one of the first nine comments with Alt, even while typing the feedback', () => {
    const textarea = document.createElement('textarea');
    expect(press('¡', textarea, { altKey: true, code: 'Digit1' })).toEqual({ action: 'comment', index: 0 });
    expect(press('9', document.body, { altKey: true })).toEqual({ action: 'comment', index: 8 });
    expect(press('0', document.body, { altKey: true, code: 'Digit0' })).toBeNull();
  });
});
