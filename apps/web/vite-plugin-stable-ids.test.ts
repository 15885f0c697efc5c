import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableIds } from './vite-plugin-stable-ids.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Bundles an entry that uses Mantine's `useId`, with or without the plugin, and returns the code. */
async function bundle(dir: string, plugins: ReturnType<typeof stableIds>[]): Promise<string> {
  const outDir = path.join(dir, plugins.length > 0 ? 'with' : 'without');
  await build({
    root: here,
    logLevel: 'silent',
    configFile: false,
    plugins,
    build: {
      outDir,
      minify: false,
      lib: { entry: path.join(dir, 'entry.js'), formats: ['es'], fileName: 'entry' },
      rolldownOptions: { external: ['react'] },
    },
  });
  const [file] = (await readdir(outDir)).filter((name) => name.endsWith('.js'));
  return readFile(path.join(outDir, file ?? ''), 'utf8');
}

describe('stableIds (the build swaps in its own useId for Mantine)', () => {
  let dir = '';
  beforeAll(async () => {
    // Inside apps/web, so that '@mantine/hooks' resolves from the project's node_modules.
    dir = await mkdtemp(path.join(here, '.stable-ids-'));
    await writeFile(path.join(dir, 'entry.js'), "export { useId } from '@mantine/hooks';\n");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("uses React's id alone: no random id is set after mount", async () => {
    const code = await bundle(dir, [stableIds()]);
    expect(code).toContain('mantine-');
    expect(code).not.toContain('randomId');
    expect(code).not.toMatch(/useLayoutEffect|useIsomorphicEffect/);
  });

  it('changes nothing without the plugin (the check above would see Mantine as published)', async () => {
    const code = await bundle(dir, []);
    expect(code).toContain('randomId');
  });
});
