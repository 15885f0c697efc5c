import { formatInTimeZone, type Language } from '@valence/contract';
import { en, type PdfTexts } from './en.js';
import { si } from './si.js';
import { ta } from './ta.js';

export type { PdfTexts } from './en.js';

/** Every language's PDF words, for the completeness test. */
export const PDF_TEXTS: Record<Language, PdfTexts> = { en, si, ta };

/** The PDF words in a student's language (`accounts.language`; none chosen yet is English). */
export const pdfTexts = (language: Language | null | undefined): PdfTexts => PDF_TEXTS[language ?? 'en'] ?? en;

/** A template with its `{{name}}` values put in. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** The values a day's template (`date`) may use. */
export const DATE_VALUES = ['year', 'month', 'day', 'mm', 'dd'];

/** A day written "YYYY-MM-DD" in the language's words: 2026-12-06, 2026 දෙසැ 6, 6 டிச. 2026. */
export function pdfDate(day: string, texts: PdfTexts): string {
  const [year = '', mm = '', dd = ''] = day.split('-');
  const name = texts.months.split('|')[Number(mm) - 1] ?? mm;
  return fill(texts.date, { year, month: name, day: Number(dd), mm, dd });
}

/** An instant in the platform time zone, in the language's words, with the zone named. */
export function pdfDateTime(instant: Date, timeZone: string, texts: PdfTexts): string {
  const [day = '', time = ''] = formatInTimeZone(instant.toISOString(), timeZone).split(' ');
  return fill(texts.dateTime, { date: pdfDate(day, texts), time, zone: timeZone });
}
