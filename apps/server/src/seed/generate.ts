import { FLAGSHIP_COURSES, KINDS, type KindName, MEDIA, VENUES, YEARS } from './catalogue.js';
import type { DemoCourse, DemoData, DemoLesson, DemoStudent, DemoWatch } from './demo-data.js';
import { SINHALA_FAMILY, SINHALA_GIVEN, TAMIL_FAMILY, TAMIL_GIVEN, TAMIL_SHARE } from './names.js';
import { coursesOfStudent, demoPlan, resourcesOfCourse, watchRecordsPerStudent } from './plan.js';
import { Random } from './random.js';

const DAY_MS = 24 * 3600 * 1000;
/**
 * Every date is counted back from this fixed moment, not from today: the same scale must give the
 * same rows on every run.
 */
export const ANCHOR = new Date('2026-11-01T00:00:00+05:30');
/** Share of enrolments a tutor has switched off (unpaid fees, left the class). */
const DISABLED_SHARE = 0.08;
/** The evening class starts at 18:00 in Colombo (UTC+05:30). */
const CLASS_TIME_UTC_MS = (12 * 60 + 30) * 60 * 1000;

export function generateDemo(scale: number): DemoData {
  const plan = demoPlan(scale);
  const courses = generateCourses(plan.courses, new Random(`courses:${scale}`));
  const students = generateStudents(plan.students, courses, new Random(`students:${scale}`));
  return {
    scale,
    courses,
    students,
    watchRecords: () => generateWatch(students, courses, watchRecordsPerStudent(scale), new Random(`watch:${scale}`)),
  };
}

function generateCourses(count: number, random: Random): DemoCourse[] {
  const specs = FLAGSHIP_COURSES.slice(0, count).map((spec) => ({ ...spec }));
  if (count > specs.length) {
    const combinations = [];
    for (const year of YEARS)
      for (const kind of Object.keys(KINDS) as KindName[])
        for (const venue of VENUES)
          for (const medium of MEDIA) {
            combinations.push({
              title: `${year} A/L Chemistry – ${KINDS[kind].label} · ${venue} (${medium} medium)`,
              kind,
              year,
              venue: venue === 'Online' ? 'online' : `${venue} hall`,
              medium,
            });
          }
    specs.push(...random.shuffled(combinations).slice(0, count - specs.length));
  }
  return specs.map((spec, index) => {
    const kind = KINDS[spec.kind];
    const start = new Date(ANCHOR.getTime() - random.int(60, 330) * DAY_MS);
    const firstLesson = random.int(1, 10);
    const lessons = Array.from({ length: resourcesOfCourse(index) }, (_, k) => ({
      name: kind.lesson(firstLesson + k, spec.year),
      url: `https://www.youtube.com/watch?v=${youtubeId(random)}`,
      duration: random.int(40, 150) * 60,
      liveAt: new Date(dayStart(start) + k * 7 * DAY_MS + CLASS_TIME_UTC_MS),
    }));
    return {
      title: spec.title,
      description: kind.describe(spec),
      createdAt: new Date(start.getTime() - random.int(7, 21) * DAY_MS),
      lessons,
    };
  });
}

function generateStudents(count: number, courses: DemoCourse[], random: Random): DemoStudent[] {
  // Big classes and small ones: the n-th course draws students in proportion to 1/n, so the first
  // (the main theory class) is the largest list the portal has to show.
  const cumulative: number[] = [];
  let sum = 0;
  for (let j = 0; j < courses.length; j++) {
    sum += 1 / (j + 1);
    cumulative.push(sum);
  }
  const drawCourse = () => {
    const target = random.next() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) > target) high = middle;
      else low = middle + 1;
    }
    return low;
  };

  const taken = new Map<string, number>();
  const students: DemoStudent[] = [];
  for (let i = 0; i < count; i++) {
    const tamil = random.chance(TAMIL_SHARE);
    const given = random.pick(tamil ? TAMIL_GIVEN : SINHALA_GIVEN);
    const family = random.pick(tamil ? TAMIL_FAMILY : SINHALA_FAMILY);
    // Bases never end in a digit, so "kasun.perera2" cannot meet another student's base name.
    const base = `${given}.${family}`.toLowerCase().replace(/[^a-z.]/g, '');
    const seen = taken.get(base) ?? 0;
    taken.set(base, seen + 1);
    const username = seen === 0 ? base : `${base}${seen + 1}`;

    const wanted = Math.min(coursesOfStudent(i), courses.length);
    const chosen = new Set<number>();
    // Bounded: popular courses repeat, so after a few hundred draws the rest are taken in order.
    for (let attempt = 0; chosen.size < wanted && attempt < 400; attempt++) chosen.add(drawCourse());
    for (let j = 0; chosen.size < wanted; j++) chosen.add(j);
    const enrollments = [...chosen]
      .sort((a, b) => a - b)
      .map((course) => ({
        course,
        status: random.chance(DISABLED_SHARE) ? ('DISABLED' as const) : ('ACTIVE' as const),
        date: new Date((courses[course] as DemoCourse).createdAt.getTime() + random.int(0, 60 * 24 * 42) * 60_000),
      }));
    const firstEnrolment = Math.min(...enrollments.map((enrollment) => enrollment.date.getTime()));
    students.push({
      username,
      name: `${given} ${family}`,
      createdAt: new Date(firstEnrolment - random.int(10, 72 * 60) * 60_000),
      enrollments,
    });
  }
  return students;
}

function* generateWatch(
  students: DemoStudent[],
  courses: DemoCourse[],
  perStudent: number,
  random: Random,
): Generator<DemoWatch> {
  for (let student = 0; student < students.length; student++) {
    const enrollments = (students[student] as DemoStudent).enrollments;
    for (let n = 0; n < perStudent; n++) {
      const { course, date } = random.pick(enrollments);
      const lessons = (courses[course] as DemoCourse).lessons;
      const lesson = random.int(0, lessons.length - 1);
      const { duration, liveAt } = lessons[lesson] as DemoLesson;
      // Watched after the lesson went live and the student joined, and before ANCHOR.
      const from = Math.max(liveAt.getTime(), date.getTime());
      yield {
        student,
        course,
        lesson,
        // Most sittings stop before the end; whole seconds, as the students' app reports them.
        watched: Math.round(duration * (0.05 + 0.95 * random.next())),
        at: new Date(from + random.int(3600, 17 * 24 * 3600) * 1000),
      };
    }
  }
}

const YOUTUBE_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function youtubeId(random: Random): string {
  let id = '';
  for (let i = 0; i < 11; i++) id += YOUTUBE_ID_ALPHABET[random.int(0, YOUTUBE_ID_ALPHABET.length - 1)];
  return id;
}

function dayStart(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS) * DAY_MS;
}
