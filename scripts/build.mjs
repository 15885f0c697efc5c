#!/usr/bin/env node
// Builds what `npm start` serves: the contract and server (tsc -b, incremental by itself) and the
// portal and the students' app (vite, two builds), those only when its inputs changed since the last build. `--force` rebuilds it.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = path.join(root, 'apps/web');
const stampFile = path.join(web, 'dist/.inputs-sha256');

/** Everything the portal's bundle is made from. */
const inputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/learn',
  'apps/web/vite.learn.config.ts',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/vite-plugin-precompress.ts',
  'apps/web/vite-plugin-page-preload.ts',
  'apps/web/vite-aliases.ts',
  'apps/web/postcss.config.cjs',
  'packages/contract/src',
  'package-lock.json',
];

function* walk(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) yield* walk(path.join(relative, name));
  } else {
    yield relative;
  }
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of walk(input))
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' });

run('npx tsc -b packages/contract apps/server');
const current = fingerprint();
const built =
  existsSync(stampFile) && existsSync(path.join(web, 'dist/index.html')) ? readFileSync(stampFile, 'utf8').trim() : '';
if (!process.argv.includes('--force') && built === current) {
  console.log('Portal unchanged since its last build: apps/web/dist kept.');
} else {
  run('npm run build -w @valence/web');
  writeFileSync(stampFile, `${current}\n`);
}
