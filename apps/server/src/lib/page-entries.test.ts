import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageEntries } from './page-entries.js';

describe('pageEntries', () => {
  let dist: string;
  const errors: unknown[] = [];
  const list = (entries: unknown) => writeFile(path.join(dist, 'pages', 'index.json'), JSON.stringify(entries));

  beforeEach(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'valence-pages-'));
    await mkdir(path.join(dist, 'pages'));
    errors.length = 0;
  });
  afterEach(() => rm(dist, { recursive: true, force: true }));

  it('matches literal segments and one segment per :parameter, else index.html', async () => {
    await list([
      { path: 'courses', html: 'pages/courses.html' },
      { path: 'courses/:id', html: 'pages/course-detail.html' },
      { path: 'courses/:id/gradebook', html: 'pages/gradebook.html' },
    ]);
    const fileFor = pageEntries(dist, (error) => errors.push(error));
    expect(await fileFor('/courses')).toBe('pages/courses.html');
    expect(await fileFor('/courses/')).toBe('pages/courses.html');
    expect(await fileFor('/courses/12')).toBe('pages/course-detail.html');
    expect(await fileFor('/courses/12/gradebook')).toBe('pages/gradebook.html');
    expect(await fileFor('/courses/12/other')).toBe('index.html');
    expect(await fileFor('/courses/12/gradebook/3')).toBe('index.html');
    expect(await fileFor('/login')).toBe('index.html');
    expect(await fileFor('/')).toBe('index.html');
    expect(errors).toEqual([]);
  });

  it('sends index.html when the build wrote no list', async () => {
    const fileFor = pageEntries(path.join(dist, 'nowhere'), (error) => errors.push(error));
    expect(await fileFor('/courses/12')).toBe('index.html');
    expect(errors).toEqual([]);
  });

  it('reports a broken or doctored list once and sends index.html', async () => {
    await writeFile(path.join(dist, 'pages', 'index.json'), '{ not json');
    const fileFor = pageEntries(dist, (error) => errors.push(error));
    expect(await fileFor('/courses')).toBe('index.html');
    expect(await fileFor('/courses')).toBe('index.html');
    expect(errors).toHaveLength(1);

    await list([{ path: 'courses', html: '../../etc/passwd' }]);
    await utimes(path.join(dist, 'pages', 'index.json'), new Date(), new Date(Date.now() + 5000));
    expect(await fileFor('/courses')).toBe('index.html');
    expect(errors).toHaveLength(2);
  });

  it('reads the list again after a rebuild rewrote it', async () => {
    await list([{ path: 'exams', html: 'pages/exams.html' }]);
    const fileFor = pageEntries(dist, (error) => errors.push(error));
    expect(await fileFor('/exams')).toBe('pages/exams.html');
    expect(await fileFor('/students')).toBe('index.html');
    await list([
      { path: 'exams', html: 'pages/exams.html' },
      { path: 'students', html: 'pages/students.html' },
    ]);
    // A rebuild within the same clock tick could keep the time: the size tells it apart too.
    expect(await fileFor('/students')).toBe('pages/students.html');
  });
});
