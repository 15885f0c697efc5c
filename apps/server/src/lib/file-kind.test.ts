import { IMAGE_KINDS, PAPER_KINDS } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { detectFileKind, nameForKind, SNIFF_BYTES } from './file-kind.js';
import { describeKinds, formatBytes } from './multipart-errors.js';
import { fileNameOfKey } from './multipart-file.js';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(
    values.map((value) => (typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]))),
  );

describe('detectFileKind', () => {
  it.each([
    ['pdf', bytes('%PDF-1.4\n'), 'x.bin'],
    ['doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0), 'x'],
    ['docx', bytes('PK', 3, 4, 20, 0), 'Answers.DOCX'],
    ['jpg', bytes(0xff, 0xd8, 0xff, 0xdb), 'x.png'],
    ['png', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a), 'x.jpg'],
    ['gif', bytes('GIF87a'), 'x'],
    ['gif', bytes('GIF89a', 0), 'x'],
    ['webp', bytes('RIFF', 1, 2, 3, 4, 'WEBPVP8 '), 'x'],
    ['txt', bytes('Marked: 72/100\n'), 'x.pdf'],
    ['txt', Buffer.from('සිංහල ✓ ünïcode'), 'notes'],
  ])('tells %s from the first bytes', (kind, head, name) => {
    expect(detectFileKind(head, name)).toBe(kind);
  });

  it.each([
    ['an empty file', bytes(), 'x.pdf'],
    ['a zip not named .docx', bytes('PK', 3, 4), 'paper.zip'],
    ['a RIFF that is not WEBP', bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '), 'x.webp'],
    ['text with a NUL', bytes('abc', 0, 'def'), 'x.txt'],
    ['bytes that are not UTF-8', bytes(0xc3, 0x28, 'abc'), 'x.txt'],
    ['a truncated PNG signature', bytes(0x89, 'PN'), 'x.png'],
  ])('finds nothing in %s', (_what, head, name) => {
    expect(detectFileKind(head, name)).toBe(null);
  });

  it('judges text on its first bytes only, and not a character cut at their end', () => {
    const euro = Buffer.from('€');
    const head = Buffer.concat([Buffer.alloc(SNIFF_BYTES - 1, 0x61), euro]).subarray(0, SNIFF_BYTES);
    expect(detectFileKind(head, 'x')).toBe('txt');
    expect(detectFileKind(Buffer.concat([Buffer.alloc(SNIFF_BYTES, 0x61), bytes(0)]), 'x')).toBe('txt');
  });
});

describe('names', () => {
  it('gives a file the extension of its kind when its own does not fit', () => {
    expect(nameForKind('scan.png', 'pdf')).toBe('scan.pdf');
    expect(nameForKind('photo.JPEG', 'jpg')).toBe('photo.JPEG');
    expect(nameForKind('paper', 'docx')).toBe('paper.docx');
    expect(nameForKind('.hidden', 'png')).toBe('.hidden.png');
  });

  it('reads the download name back from a stored key', () => {
    expect(fileNameOfKey('exams/0f8c2a4e-1b2c-4d3e-8f90-123456789abc-paper.pdf')).toBe('paper.pdf');
    expect(fileNameOfKey('resources/plain.pdf')).toBe('plain.pdf');
  });

  it('describes the allowed kinds and sizes in words', () => {
    expect(describeKinds(PAPER_KINDS)).toBe('PDF, Word (.doc, .docx), JPG or PNG');
    expect(describeKinds(IMAGE_KINDS)).toBe('PNG, JPG, WebP or GIF');
    expect(describeKinds(['pdf', 'docx', 'txt'])).toBe('PDF, Word (.docx) or text (.txt)');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(64 * 1024)).toBe('64 KB');
    expect(formatBytes(1536)).toBe('1536 bytes');
  });
});
