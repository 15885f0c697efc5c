import { combinedTotalScore, formatInTimeZone } from '@valence/contract';
import { clampSegments, type Segment, unionLength } from '../watch-time/segments.js';
import type { ReportPackData } from './pack-pdf.js';
import type { PackEnrolment, PackMarkRow, PackStudent, PackWatchRow } from './reads.js';

/**
 * The rows of a student's pack turned into what it shows: pure, so coverage and the marks' grouping
 * are tested without a database.
 */

/**
 * Per lecture: seconds watched (every viewing), and coverage, the unique seconds watched ÷ the
 * lecture's length. Played parts count once however often they were watched; a record from before
 * played parts were kept counts by its duration (it may overlap the parts, so coverage is capped at 1).
 */
export function lectureSummaries(rows: readonly PackWatchRow[]): {
  lectures: ReportPackData['lectures'];
  coverageByDuration: boolean;
} {
  type Group = { row: PackWatchRow; segments: Segment[]; byDuration: number; watched: number; viewings: number };
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const key = row.resourceId === null ? `gone:${row.videoName}` : `id:${row.resourceId}`;
    let group = groups.get(key);
    if (!group) {
      group = { row, segments: [], byDuration: 0, watched: 0, viewings: 0 };
      groups.set(key, group);
    }
    group.watched += row.watchedDuration;
    group.viewings += 1;
    if (row.segments) group.segments.push(...row.segments);
    else group.byDuration += row.watchedDuration;
  }
  let coverageByDuration = false;
  const lectures = [...groups.values()].map(({ row, segments, byDuration, watched, viewings }) => {
    const length = row.lectureLength && row.lectureLength > 0 ? row.lectureLength : null;
    let coverage: number | null = null;
    if (length !== null) {
      if (byDuration > 0) coverageByDuration = true;
      coverage = Math.min(1, (unionLength(clampSegments(segments, length)) + byDuration) / length);
    }
    return {
      course: row.courseTitle ?? '-',
      lecture: row.resourceId === null ? `${row.videoName} (deleted)` : row.videoName,
      length,
      watchedSeconds: watched,
      coverage,
      viewings,
    };
  });
  return { lectures, coverageByDuration };
}

/**
 * One row per exam code of a course (its MCQ and PART II exams together), with the combined total;
 * feedback of every submission that has some.
 */
export function markSummaries(rows: readonly PackMarkRow[]): Pick<ReportPackData, 'marks' | 'feedback'> {
  const groups = new Map<string, PackMarkRow[]>();
  for (const row of rows) {
    const key = `${row.courseId}\u0000${row.examIdentifier}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const marks = [...groups.values()].map((group) => {
    const first = group[0] as PackMarkRow;
    const mcq = group.find((row) => row.examType === 'MCQ');
    const partTwo = group.find((row) => row.examType === 'TRADITIONAL');
    const mcqScore = mcq?.mcqScore ?? null;
    const partTwoScore = partTwo?.traditionalScore ?? null;
    return {
      course: first.courseTitle,
      identifier: first.examIdentifier,
      title: [...new Set(group.map((row) => row.examTitle))].join(' / '),
      mcq: mcqScore,
      partTwo: partTwoScore,
      total: combinedTotalScore(mcqScore, partTwoScore),
      unpublished: group.some((row) => !row.published),
    };
  });
  const feedback = rows
    .filter((row) => row.feedback && row.feedback.trim() !== '')
    .map((row) => ({
      course: row.courseTitle,
      identifier: row.examIdentifier,
      title: row.examTitle,
      text: (row.feedback as string).trim(),
    }));
  return { marks, feedback };
}

/** The whole pack's data from its rows; times shown in the platform time zone. */
export function packData(
  rows: { student: PackStudent; enrolments: PackEnrolment[]; watch: PackWatchRow[]; marks: PackMarkRow[] },
  now: Date,
  timeZone: string,
): ReportPackData {
  return {
    student: { username: rows.student.username, name: rows.student.name },
    generatedAt: `${formatInTimeZone(now.toISOString(), timeZone)} (${timeZone})`,
    enrolments: rows.enrolments.map((row) => ({
      course: row.courseTitle,
      status: row.status,
      since: formatInTimeZone(row.enrollmentDate.toISOString(), timeZone).slice(0, 10),
    })),
    ...lectureSummaries(rows.watch),
    ...markSummaries(rows.marks),
  };
}
