import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { inIds } from '../../db/rows.js';
import { courses, resources } from '../../db/schema.js';

/**
 * The course title of each lecture, by lecture id: watch records name their lecture only, and the
 * watch report shows the course beside it. Lectures and courses are two modules' tables, read here.
 */
export async function courseTitlesOfLectures(db: DbOrTx, lectureIds: number[]): Promise<Map<number, string>> {
  if (lectureIds.length === 0) return new Map();
  const rows = await db
    .select({ id: resources.id, title: courses.title })
    .from(resources)
    .innerJoin(courses, eq(courses.id, resources.courseId))
    .where(inIds(resources.id, [...new Set(lectureIds)]));
  return new Map(rows.map((row) => [row.id, row.title]));
}
