import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What the build wrote for one lazily loaded page; the server reads the list from `pages/index.json`. */
type PageEntry = { path: string; html: string };

type Chunk = {
  type: 'chunk';
  /** The chunk's name before hashing: a code-splitting group's name for a group's chunk. */
  name: string;
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * A lazily loaded page's code is asked for only once the first bundle has run and the router has
 * matched the address: on a phone's network that is a second round trip after 150 KB, before the
 * page can even ask the API for its data. For each page of `pages` (address → module name in
 * `routesDir`) this writes `pages/<module>.html`: the entry HTML plus a modulepreload of the page's
 * chunk and every chunk it imports (the first bundle aside), and its stylesheets, so they download
 * beside the first bundle. `pages/index.json` lists which address gets which file; the server sends
 * that file for a matching address and the plain `index.html` for any other.
 *
 * The preloads are low priority, so that they leave the bandwidth to the first bundle, which paints
 * the first screen; the chunks named in `urgent` (code every page runs before its own) are not.
 *
 * A module is named by its path under `routesDir`, without extension (`dashboard`,
 * `features/exams/components/exam-page`); a page may list several (its screen and the shell it is
 * drawn in), its file named after the first.
 */
export function pagePreload(options: {
  pages: Record<string, string | readonly string[]>;
  routesDir: string;
  urgent?: string[];
}): Plugin {
  const urgent = new Set(options.urgent);
  let outDir = 'dist';
  let base = '/';
  let root = '';
  return {
    name: 'valence-page-preload',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
      root = config.root;
    },
    async writeBundle(_output, bundle) {
      const chunks = new Map<string, Chunk>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item as Chunk);
      const routesDir = path.resolve(root, options.routesDir);
      const byModule = new Map<string, Chunk>();
      for (const chunk of chunks.values()) {
        if (!chunk.isDynamicEntry || !chunk.facadeModuleId) continue;
        const file = chunk.facadeModuleId;
        if (!file.startsWith(routesDir + path.sep)) continue;
        const module = path.relative(routesDir, file).split(path.sep).join('/');
        byModule.set(module.replace(/\.[jt]sx?$/, ''), chunk);
      }
      /** `start` and every chunk it imports, directly or not, in the order met; none of `skip`'s. */
      const importClosure = (start: Chunk, skip: ReadonlySet<string>): Chunk[] => {
        const met = new Map<string, Chunk>();
        const visit = (chunk: Chunk) => {
          if (met.has(chunk.fileName) || skip.has(chunk.fileName)) return;
          met.set(chunk.fileName, chunk);
          for (const imported of chunk.imports) {
            const next = chunks.get(imported);
            if (next) visit(next);
          }
        };
        visit(start);
        return [...met.values()];
      };
      // What the entry HTML loads already (the first bundle and the chunks it imports) is not repeated.
      const initial = new Set<string>();
      for (const chunk of chunks.values())
        if (chunk.isEntry) for (const loaded of importClosure(chunk, initial)) initial.add(loaded.fileName);
      const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
      if (!template.includes('</head>')) throw new Error('page-preload: index.html has no </head>');
      await mkdir(path.join(outDir, 'pages'), { recursive: true });
      const entries: PageEntry[] = [];
      for (const [address, listed] of Object.entries(options.pages)) {
        const modules = typeof listed === 'string' ? [listed] : [...listed];
        const seen = new Set(initial);
        const pageChunks = modules.flatMap((module) => {
          const page = byModule.get(module);
          if (!page)
            throw new Error(`page-preload: no lazily loaded chunk for ${options.routesDir}/${module} (${address})`);
          const closure = importClosure(page, seen);
          for (const chunk of closure) seen.add(chunk.fileName);
          return closure;
        });
        const styles = new Set(pageChunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
        const links = [
          ...pageChunks.map(
            (chunk) =>
              `<link rel="modulepreload" crossorigin${urgent.has(chunk.name) ? '' : ' fetchpriority="low"'} href="${escapeAttribute(base + chunk.fileName)}">`,
          ),
          ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(base + file)}">`),
        ];
        const html = template.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
        const name = `pages/${path.posix.basename(modules[0] ?? address)}.html`;
        if (entries.some((entry) => entry.html === name))
          throw new Error(`page-preload: two pages would be written to ${name} (${address})`);
        await writeFile(path.join(outDir, name), html);
        entries.push({ path: address, html: name });
      }
      await writeFile(path.join(outDir, 'pages', 'index.json'), `${JSON.stringify(entries, null, 2)}\n`);
    },
  };
}
