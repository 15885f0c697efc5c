import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseAst, transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './src/lib/lazy-schema.js';
import { lazySchemaSpans, topLevelVariables, wrapLazySchemas } from './vite-plugin-lazy-schemas.js';

type Body = Parameters<typeof lazySchemaSpans>[0];
const bodyOf = (code: string) => parseAst(code).body as unknown as Body;
const spansOf = (code: string) => lazySchemaSpans(bodyOf(code));

/** The contract's source files (tests aside): each one's TypeScript and the JavaScript the build parses. */
async function contractModules(): Promise<Array<{ file: string; typescript: string; code: string }>> {
  const dir = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
  const files = (await readdir(dir)).filter((file) => file.endsWith('.ts') && !file.includes('.test.'));
  return Promise.all(
    files.map(async (file) => {
      const typescript = await readFile(`${dir}${file}`, 'utf8');
      return { file, typescript, code: (await transformWithOxc(typescript, file)).code };
    }),
  );
}

describe('lazySchemas (the build transform)', () => {
  const source = [
    "import { z } from 'zod';",
    'export const LIMITS = { titleMax: 200 };',
    'export const courseSchema = z.object({ id: z.number() });',
    'const pointSchema = z.tuple([z.number(), z.number()]);',
    'export const detailSchema = courseSchema.extend({ at: pointSchema });',
    'const point = z.number();',
    'export let looseSchema = z.string();',
    'export const makeSchema = (max) => z.string().max(max);',
    'export function pageSchema(item) { return z.object({ items: z.array(item) }); }',
  ].join('\n');

  it('wraps each top-level const …Schema built by a call, and nothing else', () => {
    const out = wrapLazySchemas(source, spansOf(source), '/runtime.ts') ?? '';
    expect(out.split('\n')[0]).toBe('import { lazySchema as __valenceLazySchema } from "/runtime.ts";');
    expect(out).toContain(
      'export const courseSchema = /* @__PURE__ */ __valenceLazySchema(() => z.object({ id: z.number() }));',
    );
    expect(out).toContain(
      'const pointSchema = /* @__PURE__ */ __valenceLazySchema(() => z.tuple([z.number(), z.number()]));',
    );
    expect(out).toContain(
      'export const detailSchema = /* @__PURE__ */ __valenceLazySchema(() => courseSchema.extend({ at: pointSchema }));',
    );
    for (const kept of [
      'export const LIMITS = { titleMax: 200 };',
      'const point = z.number();',
      'export let looseSchema = z.string();',
      'export const makeSchema = (max) => z.string().max(max);',
    ])
      expect(out).toContain(kept);
    expect(out.match(/__valenceLazySchema\(/g)).toHaveLength(3);
  });

  it('leaves a module without such schemas untouched', () => {
    const code = 'export const PAGE_SIZE = 8;\nexport const readDay = (text) => text.trim();';
    expect(wrapLazySchemas(code, spansOf(code))).toBeNull();
  });

  it("finds every schema the contract's own files declare with a call", async () => {
    let declared = 0;
    let wrapped = 0;
    for (const { typescript, code } of await contractModules()) {
      // A declaration whose value is not an arrow function, a generic one, an object or a bare alias.
      declared += typescript.match(/^(export )?const \w+Schema(: [^=]+)? = (?![(<{]|\w+;)/gm)?.length ?? 0;
      wrapped += spansOf(code).length;
    }
    // Counted from the TypeScript by pattern and from the parsed JavaScript: the two must agree, and
    // the contract holds over a hundred.
    expect(wrapped).toBe(declared);
    expect(wrapped).toBeGreaterThan(100);
  });

  it('leaves the contract no zod schema built as its modules load: each is a …Schema the build wraps', async () => {
    type Expression = { type: string; name?: string; callee?: Expression; object?: Expression };
    /** The name a call chain starts from: `z` for `z.string().regex(…)`. */
    const rootOf = (node: Expression | undefined): string | undefined => {
      if (!node) return undefined;
      if (node.type === 'Identifier') return node.name;
      return rootOf(node.type === 'CallExpression' ? node.callee : node.object);
    };
    const eager: string[] = [];
    for (const { file, code } of await contractModules()) {
      const body = bodyOf(code);
      // Asked of the build's own rule, so the test and the transform cannot drift apart.
      const wrapped = new Set(lazySchemaSpans(body).map(([start]) => start));
      for (const { name, init } of topLevelVariables(body)) {
        const built = init?.type === 'CallExpression' && rootOf(init as Expression) === 'z';
        if (built && !wrapped.has(init.start)) eager.push(`${file}: ${name ?? '?'}`);
      }
    }
    // A page that loads such a module would build the schema, and compile zod's code for it, while
    // its code runs: on a phone that lengthens the task that starts the page.
    expect(eager).toEqual([]);
  });
});

describe('lazySchema (the stand-in)', () => {
  function counted<T extends object>(build: () => T) {
    const calls = { count: 0 };
    const schema = lazySchema(() => {
      calls.count += 1;
      return build();
    });
    return { schema, calls };
  }

  it('builds the schema once, on first use', () => {
    const { schema, calls } = counted(() => z.object({ id: z.number().int() }));
    expect(calls.count).toBe(0);
    expect(schema.parse({ id: 3 })).toEqual({ id: 3 });
    expect(schema.safeParse({ id: 1.5 }).success).toBe(false);
    expect(calls.count).toBe(1);
  });

  it('composes like the schema itself: extend, optional, arrays, unions, instanceof', () => {
    const course = lazySchema(() => z.object({ id: z.number(), title: z.string().min(1, 'Title is required.') }));
    const detail = lazySchema(() => course.extend({ tags: z.array(z.string()) }));
    const list = z.array(course);
    expect(detail.parse({ id: 1, title: 'Organic', tags: ['a'] })).toEqual({ id: 1, title: 'Organic', tags: ['a'] });
    expect(list.parse([{ id: 1, title: 'A' }])).toEqual([{ id: 1, title: 'A' }]);
    expect(course.optional().parse(undefined)).toBeUndefined();
    expect(Object.keys(course.shape)).toEqual(['id', 'title']);
    expect(course).toBeInstanceOf(z.ZodObject);

    const failed = z.object({ course }).safeParse({ course: { id: 1, title: '' } });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]).toMatchObject({ path: ['course', 'title'], message: 'Title is required.' });

    const link = lazySchema(() => z.object({ kind: z.literal('link'), url: z.string() }));
    const file = lazySchema(() => z.object({ kind: z.literal('file'), size: z.number() }));
    const resource = z.discriminatedUnion('kind', [link, file]);
    expect(resource.parse({ kind: 'file', size: 2 })).toEqual({ kind: 'file', size: 2 });
    expect(resource.safeParse({ kind: 'link', size: 2 }).success).toBe(false);
  });
});
