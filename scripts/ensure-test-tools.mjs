#!/usr/bin/env node
// The browser journeys drive Debian's Chromium (Playwright cannot download its own browser here),
// and the report journey turns a PDF into a picture with poppler's pdftoppm and reads its text with
// pdftotext; the lecture streaming tests and `bench:video` run Debian's ffmpeg (ffmpeg and ffprobe).
// Each is installed from Debian's packages when missing, as root; otherwise this says
// what to install and fails.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Each tool the tests run, and the Debian package that brings it. */
const TOOLS = [
  { path: CHROMIUM, pkg: 'chromium' },
  { path: '/usr/bin/pdftoppm', pkg: 'poppler-utils' },
  { path: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
  { path: '/usr/bin/ffmpeg', pkg: 'ffmpeg' },
  { path: '/usr/bin/ffprobe', pkg: 'ffmpeg' },
];

const missing = TOOLS.filter((tool) => !existsSync(tool.path));
if (missing.length === 0) process.exit(0);
const packages = [...new Set(missing.map((tool) => tool.pkg))];

if (process.getuid?.() !== 0) {
  console.error(
    `Missing: ${missing.map((tool) => tool.path).join(', ')}. Install Debian's packages as root: apt-get install -y ${packages.join(' ')}`,
  );
  process.exit(1);
}
console.log(`Missing: ${missing.map((tool) => tool.path).join(', ')}; installing ${packages.join(', ')}...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
const still = TOOLS.filter((tool) => !existsSync(tool.path));
if (still.length > 0) {
  console.error(`apt-get finished but ${still.map((tool) => tool.path).join(', ')} is still missing.`);
  process.exit(1);
}
