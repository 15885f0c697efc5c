import type { jsPDF } from 'jspdf';
import { expect } from 'vitest';

/** When the tests' reports are made, and how their header shows it in the platform zone (UTC+5:30). */
export const REPORT_TIME = new Date('2026-03-02T00:00:00Z');
export const REPORT_TIME_SHOWN = '2026-03-02 05:30 (Asia/Colombo)';

/**
 * A built report read back as text, checked to be a PDF. PDF strings escape parentheses; they are
 * unescaped here so that tests look for the words as the report shows them.
 */
export function reportText(doc: jsPDF): string {
  const text = doc.output();
  expect(text.startsWith('%PDF-')).toBe(true);
  return text.replace(/\\([()])/g, '$1');
}

/** What every report's frame holds (lib/pdf-report.ts): the student, when it was made, the page count. */
export function expectReportFrame(text: string, student: string, pages = 1) {
  expect(text).toContain(student);
  expect(text).toContain(REPORT_TIME_SHOWN);
  expect(text).toContain(`Page 1 of ${pages}`);
}
