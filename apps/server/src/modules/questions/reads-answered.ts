import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countOf, selectCount } from '../../db/rows.js';
import { submissionAnswers } from '../../db/schema.js';

/** A question's hand-ins, read from the submissions module's answers table (read-only). */

/** How many hand-ins answered this question: whose scores a change of its correct option moves. */
export function answeredCount(db: DbOrTx, questionId: number): Promise<number> {
  return countOf(
    selectCount(db, submissionAnswers).where(
      and(eq(submissionAnswers.questionId, questionId), isNotNull(submissionAnswers.optionId)),
    ),
  );
}
