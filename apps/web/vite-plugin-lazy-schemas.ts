import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The contract's source files (tests aside), as the apps' builds resolve them (see vite-aliases.ts). */
const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/](?!.*\.test\.)[^\\/]+\.ts$/;
const RUNTIME = fileURLToPath(new URL('./src/lib/lazy-schema.ts', import.meta.url));
const HELPER = '__valenceLazySchema';

type Node = { type: string; start: number; end: number; [key: string]: unknown };
type Declarator = Node & { id: Node & { name?: string }; init: Node | null };

/**
 * Rewrites one contract module so that each top-level `const …Schema = <call>` (exported or not)
 * is built on first use (`lazySchema` in src/lib/lazy-schema.ts): `[start, end)` of each such call,
 * to be wrapped. Other declarations (constants, helpers, the few schemas named otherwise) stay as
 * written. `body` is the module's parsed top level.
 */
export function lazySchemaSpans(body: Node[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const { kind, name, init } of topLevelVariables(body)) {
    if (kind !== 'const' || !name?.endsWith('Schema') || init?.type !== 'CallExpression') continue;
    spans.push([init.start, init.end]);
  }
  return spans;
}

/** Each top-level variable of a module (exported or not): `kind name = init`, from its parsed top level. */
export function* topLevelVariables(body: Node[]): Generator<{ kind: string; name?: string; init: Node | null }> {
  for (const statement of body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Declarator[]) {
      const name = declarator.id.type === 'Identifier' ? declarator.id.name : undefined;
      yield { kind: declaration.kind as string, name, init: declarator.init };
    }
  }
}

/** `code` with each span wrapped in the lazy helper, and the helper imported; null when nothing changes. */
export function wrapLazySchemas(code: string, spans: Array<[number, number]>, runtime = RUNTIME): string | null {
  if (spans.length === 0) return null;
  let out = code;
  // From the end, so earlier offsets stay valid.
  for (const [start, end] of [...spans].sort((a, b) => b[0] - a[0]))
    out = `${out.slice(0, start)}/* @__PURE__ */ ${HELPER}(() => ${out.slice(start, end)})${out.slice(end)}`;
  return `import { lazySchema as ${HELPER} } from ${JSON.stringify(runtime)};\n${out}`;
}

/**
 * Build only: the apps' bundles get the contract with lazily built schemas. A page then builds the
 * schemas it parses with, when it first parses, instead of the whole shared set as its code loads;
 * schemas no page uses are dropped from the bundle (the wrapper is marked pure).
 */
export function lazySchemas(): Plugin {
  return {
    name: 'valence-lazy-schemas',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const wrapped = wrapLazySchemas(code, lazySchemaSpans(program.body));
      return wrapped === null ? null : { code: wrapped, map: null };
    },
  };
}
