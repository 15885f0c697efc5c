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

  it("lets no module import another module's repository (views/ may, to share a filter)", () => {
    const offenders = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('views'))
      .filter((file) =>
        /from '\.\.\/[\w-]+\/([\w-]+-)?repository\.js'/.test(readFileSync(join(modulesDir, file), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });

  it.each(repositories())('$file touches only the tables of $module', ({ module, file }) => {
    const source = readFileSync(join(modulesDir, file), 'utf8');
    const foreign = [...importedTables(source), ...tablesInSql(source)].filter(
      (table) => (TABLE_OWNERS as Record<string, string>)[table] !== module,
    );
    expect(foreign, `${file} imports tables it does not own; join them in modules/views/`).toEqual([]);
  });
});
