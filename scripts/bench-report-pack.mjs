#!/usr/bin/env node
// Report-pack PDF benchmark (prints figures; not a test): a class's packs, 40 students, drawn one
// after another in this process as the course zip's job draws them (apps/server's pack-pdf, built:
// `npx tsc -b packages/contract apps/server` first). Each student has a name in Sinhala, Tamil or
// English, 2 enrolments, 12 lectures, 8 marks and a feedback mixing Tamil, Sinhala and notation.
// Prints the packs' total and mean size and the time, after one warm-up pack (fonts read, shaper
// started). Run twice or more on a busy machine: the time moves with the load, the sizes do not.
//
//   npm run bench:report-pack
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib/bench-kit.mjs';

const STUDENTS = 40;
const names = ['කසුන් ශ්‍රී පෙරේරා', 'நிலா சிவகுமார்', 'Amal Perera'];

const { renderReportPack } = await import(
  pathToFileURL(path.join(root, 'apps/server/dist/modules/reports/pack-pdf.js')).href
);

function data(i) {
  return {
    student: { username: `student${i}`, name: names[i % 3] },
    generatedAt: '2026-03-02 05:30 (Asia/Colombo)',
    enrolments: [
      { course: 'A/L Chemistry 2026 \\ce{H2SO4}', status: 'ACTIVE', since: '2026-01-05' },
      { course: 'Organic Chemistry', status: 'ACTIVE', since: '2026-01-06' },
    ],
    lectures: Array.from({ length: 12 }, (_, n) => ({
      course: 'A/L Chemistry 2026',
      lecture: `Lecture ${n + 1}: Acids & Bases \\ce{Cu^2+}`,
      length: 3600,
      watchedSeconds: 1800 + n * 60,
      coverage: 0.5 + n / 30,
      viewings: 2,
    })),
    coverageByDuration: false,
    marks: Array.from({ length: 8 }, (_, n) => ({
      course: 'A/L Chemistry 2026',
      identifier: `P${n + 1}`,
      title: `Paper ${n + 1}`,
      mcq: 40,
      partTwo: 70,
      total: 75,
      unpublished: n === 7,
    })),
    feedback: [
      {
        course: 'A/L Chemistry 2026',
        identifier: 'P1',
        title: 'Paper 1',
        text: 'நல்ல முயற்சி. Balance the equation: \\ce{Zn + Cu^2+ -> Zn^2+ + Cu}. ඉතා හොඳයි!',
      },
    ],
  };
}

const header = { name: 'Valence Institute', address: '12 Galle Road, Colombo 03', contact: '011 234 5678', logo: null };
await renderReportPack(data(0), header);
const started = process.hrtime.bigint();
let bytes = 0;
for (let i = 0; i < STUDENTS; i++) bytes += (await renderReportPack(data(i), header)).byteLength;
const ms = Number(process.hrtime.bigint() - started) / 1e6;
console.log(
  `report packs, ${STUDENTS} students: ${(bytes / 1024).toFixed(1)} KiB in all, ${(bytes / STUDENTS / 1024).toFixed(1)} KiB each; ` +
    `${ms.toFixed(0)} ms in all, ${(ms / STUDENTS).toFixed(1)} ms each`,
);
