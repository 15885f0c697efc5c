import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { courses, resources } from '../../db/schema.js';

/**
 * The course title of the lecture `lectureId` names (null for none): watch records name their
 * lecture only, and the watch report shows the course beside it. Lectures and courses are two
 * modules' tables, read here; the watch-time module embeds this in its page's statement, so a page
 * with its courses is one round trip. Give `lectureId` qualified: drizzle leaves the columns of a
 * one-table select bare (these too, hence the aliases), and a bare name would be read inside.
 */
export function courseTitleOfLecture(lectureId: SQLWrapper): SQL<string | null> {
  return sql<
    string | null
  >`(select c.title from ${resources} r inner join ${courses} c on c.id = r.course_id where r.id = ${lectureId})`;
}
