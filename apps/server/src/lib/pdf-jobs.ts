import type { Annotation, Language, MarkScheme } from '@valence/contract';
import type { InstituteHeader } from './pdf-type/report-writer.js';

/**
 * What each PDF job hands the PDF thread (see `pdf-worker.ts`). Kept here, below both the modules
 * that fill them and the writers that draw them, so the worker's job list names no module.
 */

/** The script kinds that can be drawn on; a Word document cannot. */
export type RenderableKind = 'pdf' | 'jpg' | 'png';

/** A student's script and its marking (see `marking/render-marked-paper.ts`). */
export type MarkedPaperInput = {
  script: Uint8Array;
  kind: RenderableKind;
  annotations: readonly Annotation[];
  /** The score out of 100 (null: none yet). */
  total: number | null;
  /** The exam's mark scheme and the script's mark per question (null: scored as a whole). */
  scheme: MarkScheme;
  questionMarks: readonly number[] | null;
  feedback: string | null;
};

/** A report pack's heading (see `reports/pack-pdf.ts`). */
export type PackHeader = InstituteHeader;

export type ReportPackData = {
  student: { username: string; name: string | null };
  /** When it was made, as the reader should see it ("2026-03-02 05:30 (Asia/Colombo)"). */
  generatedAt: string;
  enrolments: { course: string; status: string; since: string }[];
  lectures: {
    course: string;
    lecture: string;
    /** Seconds; null when the lecture is gone or has no length. */
    length: number | null;
    watchedSeconds: number;
    /** 0–1; null when there is no length to measure it against. */
    coverage: number | null;
    viewings: number;
  }[];
  /** True when some coverage counted a record made before played parts were recorded (by its duration). */
  coverageByDuration: boolean;
  marks: {
    course: string;
    identifier: string;
    title: string;
    mcq: number | null;
    partTwo: number | null;
    total: number | null;
    /** Some part of it is not published to the student yet. */
    unpublished: boolean;
  }[];
  feedback: { course: string; identifier: string; title: string; text: string }[];
};

/** A lecture PDF to stamp with its holder (see `resources/licence-stamp.ts`). */
export type LicenceStampInput = {
  pdf: Uint8Array;
  holder: string;
  /** YYYY-MM-DD, written in the student's language. */
  date: string;
  /** The student's language (`accounts.language`); English when none. */
  language?: Language | null;
};
