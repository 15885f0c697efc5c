import { describe, expect, it } from 'vitest';
import { annotationSchema, annotationsInputSchema } from './marking-studio.js';

const comment = (text: string) => ({ page: 1, kind: 'text', x: 0.1, y: 0.2, text });

describe('a text annotation', () => {
  it('is refused when it prints nothing: spaces, zero-width spaces and joiners, word joiner, BOM', () => {
    for (const text of [
      '',
      '   ',
      ' \u200B ',
      '\u200B',
      '\u200C\u200D',
      ' \u2060 \uFEFF ',
      '\u200B\u200C\u200D\u2060\uFEFF',
    ]) {
      const parsed = annotationsInputSchema.safeParse({ items: [comment(text)] });
      expect(parsed.success, JSON.stringify(text)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('A text comment must not be empty.');
    }
  });

  it('keeps zero-width characters inside text (Sinhala conjuncts need the joiner), trimmed', () => {
    const text = 'ක්\u200Dෂ balance';
    expect(annotationSchema.parse(comment(`  ${text} `))).toEqual(comment(text));
    expect(annotationSchema.safeParse(comment('x'.repeat(2001))).success).toBe(false);
  });
});
