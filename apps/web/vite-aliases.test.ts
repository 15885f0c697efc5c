import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Alias } from 'vite';
import { describe, expect, it } from 'vitest';
import { appAliases } from './vite-aliases.js';

const isRouter = (alias: Alias) => alias.find instanceof RegExp && alias.find.test('react-router');

describe('the apps’ aliases', () => {
  it('builds with react-router’s production files, which exist and leave its development warnings off', () => {
    const [alias, ...more] = appAliases('build').filter(isRouter);
    expect(more).toHaveLength(0);
    if (!alias) throw new Error('no react-router alias in a build');
    expect(alias.replacement).toMatch(/react-router[\\/]dist[\\/]production[\\/]index\.mjs$/);
    expect(existsSync(alias.replacement)).toBe(true);
    expect((alias.find as RegExp).test('react-router/dom')).toBe(false);
    // The chunks the production entry pulls in hold the warnings' flag, set off.
    const entry = readFileSync(alias.replacement, 'utf8');
    const dir = path.dirname(alias.replacement);
    const flags = [...entry.matchAll(/from "\.\/(chunk-[A-Za-z0-9]+\.mjs)"/g)].flatMap(
      (match) => readFileSync(path.join(dir, match[1] ?? ''), 'utf8').match(/var ENABLE_DEV_WARNINGS = \w+;/g) ?? [],
    );
    expect(flags).toEqual(['var ENABLE_DEV_WARNINGS = false;']);
  });

  it('leaves the dev server and the tests on the package’s own entry', () => {
    expect(appAliases('serve').filter(isRouter)).toHaveLength(0);
    expect(appAliases('serve').map((alias) => alias.find)).toEqual(['@valence/contract']);
  });
});
