import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdftotext } from '../../test/pdf-render.js';
import { rawOperator } from './report-writer.js';
import { richText } from './rich-text.js';
import { Typesetter } from './typesetter.js';

async function oneLine(text: string) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 100]);
  const type = new Typesetter(doc);
  page.pushOperators(rawOperator(type.lineOperators(page, richText(text), 10, 50, { size: 12 })));
  await type.finish();
  return { bytes: await doc.save({ useObjectStreams: false }), type };
}

describe('Typesetter', () => {
  it('draws a character no font has as a box, and a reader still copies it', async () => {
    const { bytes } = await oneLine('Well done 😀 ✓ 🧪');
    expect(await pdftotext(bytes)).toContain('Well done 😀 ✓ 🧪');
  });

  it('embeds subsets of the Noto fonts, each with its ToUnicode map', async () => {
    const { bytes } = await oneLine('English සිංහල தமிழ் \\ce{A <=> B}');
    const raw = Buffer.from(bytes).toString('latin1');
    for (const name of [
      'NotoSans-Regular',
      'NotoSansSinhala-Regular',
      'NotoSansTamil-Regular',
      'NotoSansMath-Regular',
    ]) {
      expect(raw).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${name}`));
    }
    expect(raw.match(/\/ToUnicode/g)?.length).toBe(4);
    // A subset, not the whole font: Noto Sans alone is 600 KB.
    expect(bytes.byteLength).toBeLessThan(60_000);
  });

  it('wraps shaped words to a width and cuts past the last line with "..."', async () => {
    const doc = await PDFDocument.create();
    const type = new Typesetter(doc);
    const style = { size: 10 };
    const lines = type.wrap(richText('නිලා සිවකුමාර් '.repeat(40)), style, 150, 3);
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(0, 2)) expect(type.width(line, style)).toBeLessThanOrEqual(150);
    expect(lines[2]?.text.endsWith('...')).toBe(true);
  });
});
