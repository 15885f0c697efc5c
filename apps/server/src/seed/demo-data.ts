import type { EnrollmentStatus } from '@valence/contract';

/** The demo's rows as generate.ts makes them, before they are inserted; the plans read them too. */
export type DemoCourse = { title: string; description: string; createdAt: Date; lessons: DemoLesson[] };
export type DemoLesson = { name: string; url: string; duration: number; liveAt: Date };
export type DemoEnrollment = { course: number; status: EnrollmentStatus; date: Date };
export type DemoStudent = { username: string; name: string; createdAt: Date; enrollments: DemoEnrollment[] };
export type DemoWatch = { student: number; course: number; lesson: number; watched: number; at: Date };

export type DemoData = {
  scale: number;
  courses: DemoCourse[];
  students: DemoStudent[];
  /** Generated on demand: at scale 500 they are 2 million rows, too many to hold at once. */
  watchRecords: () => Generator<DemoWatch>;
};
