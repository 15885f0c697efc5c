import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.js';
import { TABLE_OWNERS } from './table-owners.js';

const modulesDir = join(import.meta.dirname, '..', 'modules');

/** Every `modules/<module>/repository*.ts` (tests aside), with its module's folder name. */
function repositories(): { module: string; file: string }[] {
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(modulesDir, dir.name))
        .filter((name) => /^(.+-)?repository\.ts$/.test(name))
        .map((name) => ({ module: dir.name, file: join(dir.name, name) })),
    );
}

/** The names a file imports from the schema or from one table file. */
export function importedTables(source: string): string[] {
  const names: string[] = [];
  const importPattern = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'[./]*\/db\/(schema|tables\/[\w-]+)\.js'/g;
  for (const match of source.matchAll(importPattern)) {
    for (const part of (match[2] ?? '').split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
}

/** The tables a file names in hand-written SQL (`from accounts a`), by their export names. */
function tablesInSql(source: string): string[] {
  return Object.entries(schema)
    .filter(([, table]) => new RegExp(`\\b(from|join|into|update)\\s+${getTableName(table)}\\b`, 'i').test(source))
    .map(([name]) => name);
}

/**
 * Every `modules/<module>/reads*.ts` (tests aside): the reads that join several modules' tables in
 * one statement for speed. They may name any table, but only to read it.
 */
function readsFiles(): { module: string; file: string }[] {
  return readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)reads(-[\w-]+)?\.ts$/.test(file))
    .map((file) => ({ module: file.split('/')[0] ?? '', file }));
}

/** The writes in a source: drizzle's insert, update and delete builders, and the same in SQL. */
export function writesIn(source: string): string[] {
  const builders = source.match(/\.(insert|update|delete)\(/g) ?? [];
  const statements = source.match(/\b(insert\s+into\s+\w+|update\s+\w+\s+set|delete\s+from\s+\w+)/gi) ?? [];
  return [...builders, ...statements];
}

/** The imports of another module's repository (`../<module>/…repository.js`). */
export function foreignRepositories(source: string): string[] {
  return [...source.matchAll(/from '(\.\.\/(?:\.\.\/)?[\w-]+\/(?:[\w-]+-)?repository\.js)'/g)].map(
    (match) => match[1] ?? '',
  );
}

describe('table ownership', () => {
  it('reads the tables out of an import, also renamed or split over lines', () => {
    const source = "import {\n  accounts,\n  exams as e,\n} from '../../db/schema.js';\nimport { x } from './y.js';";
    expect(importedTables(source)).toEqual(['accounts', 'exams']);
    expect(importedTables("import { courses } from '../../db/tables/courses.js';")).toEqual(['courses']);
  });

  it('reads the tables out of hand-written SQL', () => {
    expect(tablesInSql('insert into enrollments (course_id) select a.id from accounts a')).toEqual([
      'accounts',
      'enrollments',
    ]);
  });

  it('finds the repositories', () => {
    expect(repositories().map((r) => r.file)).toContain(join('accounts', 'repository.ts'));
  });

  it("lets no module import another module's repository", () => {
    const offenders = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => foreignRepositories(readFileSync(join(modulesDir, file), 'utf8')).length > 0);
    expect(offenders).toEqual([]);
  });

  it('finds the reads files, and a write or a foreign repository in one', () => {
    expect(readsFiles().map((r) => r.file)).toContain(join('marking', 'reads-queue.ts'));
    expect(writesIn('db.insert(marks).values(x)\nsql`delete from accounts where id = 1`')).toEqual([
      '.insert(',
      'delete from accounts',
    ]);
    expect(writesIn('sql`update submissions set version = 1`')).toEqual(['update submissions set']);
    expect(writesIn("select 'update' from exams; -- updated_at, deleted")).toEqual([]);
    expect(foreignRepositories("import { x } from '../exams/repository.js';")).toEqual(['../exams/repository.js']);
    expect(foreignRepositories("import { x } from './repository.js';")).toEqual([]);
  });

  it.each(readsFiles())('$file reads and never writes', ({ file }) => {
    const source = readFileSync(join(modulesDir, file), 'utf8');
    expect(writesIn(source), `${file} writes; a write belongs in its table owner's repository`).toEqual([]);
  });

  it.each(repositories())('$file touches only the tables of $module', ({ module, file }) => {
    const source = readFileSync(join(modulesDir, file), 'utf8');
    const foreign = [...importedTables(source), ...tablesInSql(source)].filter(
      (table) => (TABLE_OWNERS as Record<string, string>)[table] !== module,
    );
    expect(foreign, `${file} imports tables it does not own; join them in a reads file`).toEqual([]);
  });
});
