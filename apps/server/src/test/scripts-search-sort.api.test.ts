import type { Gradebook } from '@valence/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrol } from './exams.js';
import { expectStatus, type Login, useTestApp } from './harness.js';

/**
 * Sinhala, Tamil and English names and titles: searches find them in any script (on PGlite here, on
 * PostgreSQL with TEST_DATABASE_URL), and a list sorted by name orders them as their readers do
 * (lib/collation.ts), not by code point.
 */
const t = useTestApp();
let tutor: Login;
let courseId: number;

/** Names in the order a reader of each script expects; code point order would differ in both. */
const NAMES = [
  'alice Fernando',
  'Bob Silva',
  'Émile Perera',
  'அருண் குமார்',
  'கமலா',
  'சந்திரன்',
  'றமேஷ்',
  'னகரம் நவீன்',
  'ஜமால்',
  'අමර සිරිවර්ධන',
  'කමල් පෙරේරා',
  'ශාන්ත',
  'ශ්‍රී ලාල්',
];

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'scripts-tutor');
  courseId = (await t.createCourse(tutor.headers, 'රසායන විද්‍යාව: අම්ල සහ භෂ්ම')).id;
  await t.createCourse(tutor.headers, 'வேதியியல்: அமிலங்கள் \\ce{H2SO4}');
  await t.createCourse(tutor.headers, 'Acids & Bases');
  // Inserted in reverse, so an order that merely kept insertion would fail too.
  for (const [index, name] of [...NAMES].reverse().entries()) {
    const account = await t.app.accounts.create({
      username: `pupil${index}`,
      password: 'chem-2026',
      role: 'ROLE_STUDENT',
      name,
    });
    await enrol(t, tutor.headers, courseId, account.id);
  }
});

const courseTitles = async (q: string) =>
  expectStatus<{ items: { title: string }[] }>(
    await t.call('GET', `/api/courses?limit=10&q=${encodeURIComponent(q)}`, tutor.headers),
    200,
  ).items.map((course) => course.title);

const studentNames = async (q: string) =>
  expectStatus<{ items: { name: string | null }[] }>(
    await t.call('GET', `/api/students?limit=20&q=${encodeURIComponent(q)}`, tutor.headers),
    200,
  ).items.map((student) => student.name);

describe('searching in Sinhala and Tamil', () => {
  it('finds course titles by a word of either script, long or short', async () => {
    expect(await courseTitles('අම්ල')).toEqual(['රසායන විද්‍යාව: අම්ල සහ භෂ්ම']);
    expect(await courseTitles('அமில')).toEqual(['வேதியியல்: அமிலங்கள் \\ce{H2SO4}']);
    // Under three characters the search is written with strpos: the same answer.
    expect(await courseTitles('සහ')).toEqual(['රසායන විද්‍යාව: අම්ල සහ භෂ්ම']);
    expect(await courseTitles('H2SO4')).toEqual(['வேதியியல்: அமிலங்கள் \\ce{H2SO4}']);
  });

  it('finds students by a part of a name in either script, a Sinhala conjunct with its joiner too', async () => {
    expect(await studentNames('குமார்')).toEqual(['அருண் குமார்']);
    expect(await studentNames('පෙරේරා')).toEqual(['කමල් පෙරේරා']);
    expect(await studentNames('ශ්‍රී')).toEqual(['ශ්‍රී ලාල්']);
    expect(await studentNames('perera')).toEqual(['Émile Perera']);
  });

  it('finds a vowel sign typed as two keys and stored as one, and the other way round', async () => {
    // கொ: the Tamil vowel sign ொ is U+0BCA, or U+0BC6 U+0BBE typed as two keys; ශෝ likewise in Sinhala.
    const twoKeys = 'க\u0BC6\u0BBEழும்பு';
    await t.createCourse(tutor.headers, twoKeys);
    expect(await courseTitles('கொழும்பு')).toEqual(['கொழும்பு']);
    expect(await courseTitles(twoKeys)).toEqual(['கொழும்பு']);
    await t.createCourse(tutor.headers, 'අශෝක');
    expect(await courseTitles('ශ\u0DD9\u0DCF\u0DCAක')).toEqual(['අශෝක']);
  });
});

describe('sorting by name', () => {
  it('orders English, Tamil and Sinhala names as their readers do, and back', async () => {
    const names = async (sort: string) =>
      expectStatus<Gradebook>(
        await t.call('GET', `/api/courses/${courseId}/gradebook?limit=50&sort=${sort}`, tutor.headers),
        200,
      ).items.map((row) => row.name);
    expect(await names('name')).toEqual(NAMES);
    expect(await names('-name')).toEqual([...NAMES].reverse());
  });
});
