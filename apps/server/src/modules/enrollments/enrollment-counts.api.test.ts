import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, courseEnrollmentCounts, courses, enrollments } from '../../db/schema.js';
import { type Login, useTestApp } from '../../test/harness.js';

const t = useTestApp();
let tutor: Login;
let boss: Login;

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'kept.tutor');
  boss = await t.login('ROLE_SUPERADMIN', 'kept.boss');
});

const student = async (username: string) =>
  (await t.app.accounts.create({ username, password: 'chem-2026', role: 'ROLE_STUDENT' })).id;

/** What the enrolments page and the gradebook say the class's size is, and what counting the table says. */
async function sizes(courseId: number) {
  const page = await t.call('GET', `/api/enrollments/course/${courseId}?limit=1`, tutor.headers);
  const gradebook = await t.call('GET', `/api/courses/${courseId}/gradebook?limit=1`, tutor.headers);
  const [counted] = await t.database.db
    .select({ n: count() })
    .from(enrollments)
    .where(eq(enrollments.courseId, courseId));
  return { page: page.json().total, gradebook: gradebook.json().total, counted: counted?.n };
}

const same = (n: number) => ({ page: n, gradebook: n, counted: n });

describe('the class sizes kept beside the courses', () => {
  it('follow single and bulk enrolments, status changes, removals and a removed student', async () => {
    const course = (await t.createCourse(tutor.headers, 'Kept class')).id;
    const other = (await t.createCourse(tutor.headers, 'Other class')).id;
    const ids = await Promise.all(['k.one', 'k.two', 'k.three', 'k.four', 'k.five', 'k.six'].map(student));
    expect(await sizes(course)).toEqual(same(0));

    const one = await t.call('POST', '/api/enrollments', tutor.headers, {
      studentId: ids[0],
      courseId: course,
      status: 'ACTIVE',
    });
    expect(one.statusCode).toBe(201);
    const bulk = await t.call('POST', '/api/enrollments/bulk', tutor.headers, { courseId: course, studentIds: ids });
    expect(bulk.json()).toMatchObject({ created: 5, alreadyEnrolled: 1 });
    await t.call('POST', '/api/enrollments/bulk', tutor.headers, { courseId: other, studentIds: ids.slice(0, 2) });
    expect(await sizes(course)).toEqual(same(6));
    expect(await sizes(other)).toEqual(same(2));

    // Pausing the course changes every enrolment's status, not how many there are.
    expect((await t.call('PUT', `/api/enrollments/course/${course}/disable`, boss.headers)).statusCode).toBe(204);
    expect(await sizes(course)).toEqual(same(6));

    const removed = await t.call('DELETE', `/api/enrollments/${one.json().id}`, boss.headers);
    expect(removed.statusCode).toBe(204);
    expect(await sizes(course)).toEqual(same(5));

    // A student removed takes their enrolments in every course (a cascade), and the counts with them.
    await t.database.db.delete(accounts).where(eq(accounts.id, ids[1] as number));
    expect(await sizes(course)).toEqual(same(4));
    expect(await sizes(other)).toEqual(same(1));
  });

  it('move an enrolment moved to another course, and stay unmoved by a rolled-back one', async () => {
    const from = (await t.createCourse(tutor.headers, 'Moved from')).id;
    const to = (await t.createCourse(tutor.headers, 'Moved to')).id;
    const id = await student('k.mover');
    const [row] = await t.database.db.insert(enrollments).values({ courseId: from, studentId: id }).returning();
    await t.database.db
      .update(enrollments)
      .set({ courseId: to })
      .where(eq(enrollments.id, row?.id as number));
    expect(await sizes(from)).toEqual(same(0));
    expect(await sizes(to)).toEqual(same(1));

    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(enrollments).values({ courseId: from, studentId: id });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await sizes(from)).toEqual(same(0));
  });

  it('go with a deleted course, and leave no row behind for it', async () => {
    const course = (await t.createCourse(tutor.headers, 'Short-lived')).id;
    const ids = await Promise.all(['k.gone.one', 'k.gone.two'].map(student));
    await t.call('POST', '/api/enrollments/bulk', tutor.headers, { courseId: course, studentIds: ids });
    expect(await sizes(course)).toEqual(same(2));
    await t.database.db.delete(courses).where(eq(courses.id, course));
    const left = await t.database.db
      .select()
      .from(courseEnrollmentCounts)
      .where(eq(courseEnrollmentCounts.courseId, course));
    expect(left).toEqual([]);
  });
});
