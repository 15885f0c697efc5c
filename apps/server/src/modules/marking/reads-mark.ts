import type { Annotation, ExamType, MarkScheme } from '@valence/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { accounts, exams, scriptAnnotations, submissions } from '../../db/schema.js';
import type { ListedRow } from '../submissions/presenter.js';
import { listed } from './reads-submission-list.js';

/**
 * Everything a mark is decided on, in one statement: the script with its student (submissions,
 * accounts), what its exam says of marking (exams), the annotations a marked paper is drawn from
 * (script_annotations) and the name of whoever changed the script last, for a refusal over a newer
 * save. A grade then writes only if the script is still at this version.
 */
export type ScriptForMark = ListedRow & {
  exam: { examType: ExamType; examIdentifier: string; contentDeleted: boolean; markScheme: MarkScheme };
  annotations: Annotation[];
  changedByName: string | null;
};

const changer = sql`c`;

const statement = preparedPer((db) =>
  db
    .select({
      ...listed,
      examType: exams.examType,
      examIdentifier: exams.examIdentifier,
      contentDeleted: exams.contentDeleted,
      markScheme: exams.markScheme,
      annotations: sql<
        Annotation[] | null
      >`(select ${scriptAnnotations.items} from ${scriptAnnotations} where ${scriptAnnotations.submissionId} = ${submissions.id})`,
      changedByName: sql<
        string | null
      >`(select coalesce(nullif(trim(${changer}.name), ''), ${changer}.username) from ${accounts} ${changer} where ${changer}.id = ${submissions.changedBy})`,
    })
    .from(submissions)
    .innerJoin(accounts, eq(accounts.id, submissions.studentId))
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .where(eq(submissions.id, sql.placeholder('id')))
    .prepare('valence_script_for_mark'),
);

export async function scriptForMark(db: DbOrTx, id: number): Promise<ScriptForMark | undefined> {
  const [row] = await statement(db).execute({ id });
  if (!row) return undefined;
  const { examType, examIdentifier, contentDeleted, markScheme, annotations, ...rest } = row;
  return {
    ...rest,
    exam: { examType, examIdentifier, contentDeleted, markScheme },
    annotations: annotations ?? [],
  };
}
