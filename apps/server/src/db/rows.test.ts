import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { inIds } from './rows.js';
import { mcqOptions } from './schema.js';

const dialect = new PgDialect();

describe('inIds', () => {
  it('writes one statement text whatever the number of ids, the ids as one array parameter', () => {
    const two = dialect.sqlToQuery(inIds(mcqOptions.questionId, [4, 9]));
    const fifty = dialect.sqlToQuery(
      inIds(
        mcqOptions.questionId,
        Array.from({ length: 50 }, (_, i) => i + 1),
      ),
    );
    expect(two.sql).toBe(fifty.sql);
    expect(two.sql).toBe('"mcq_options"."question_id" = any($1::int[])');
    expect(two.params).toEqual([[4, 9]]);
    expect(fifty.params).toHaveLength(1);
  });
});
