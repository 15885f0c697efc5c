import { beforeAll, describe, expect, it } from 'vitest';
import { addQuestion, createExam, enrol, examAction, question, uniqueIdentifier } from '../../test/exams.js';
import { type Login, useTestApp } from '../../test/harness.js';
import { pdftotext } from '../../test/pdf-render.js';
import { submitMcq } from '../../test/submissions.js';

const t = useTestApp();
const identifier = uniqueIdentifier('LANG');
let tutor: Login;

/** Signs a student in with a language chosen, and has them sit the course's MCQ exam. */
async function studentWith(username: string, language: 'en' | 'si' | 'ta' | null, examId: number, courseId: number) {
  const student = await t.login('ROLE_STUDENT', username);
  await enrol(t, tutor.headers, courseId, student.id);
  if (language) expect((await t.call('PATCH', '/api/me', student.headers, { language })).statusCode).toBe(200);
  expect((await submitMcq(t, student.headers, examId, [])).statusCode).toBe(201);
  return student;
}

async function marksText(student: Login): Promise<string> {
  const answer = await t.call('GET', '/api/me/marks.pdf', student.headers);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  // pdftotext may break a line where the PDF's cells do; the words are what a reader copies.
  return (await pdftotext(answer.rawPayload)).replace(/\s+/g, ' ');
}

let examId: number;
let courseId: number;

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  courseId = (await t.createCourse(tutor.headers, 'Organic chemistry')).id;
  examId = (await createExam(t, tutor.headers, courseId, { examIdentifier: identifier, dueDate: '2030-12-01T10:00' }))
    .id;
  await addQuestion(t, tutor.headers, examId, question('Q1', 0));
  await examAction(t, tutor.headers, examId);
});

describe("GET /me/marks.pdf in the student's language", () => {
  it('is in Sinhala for a student who chose Sinhala: title, headings, labels, month name and page line', async () => {
    const text = await marksText(await studentWith('sandali', 'si', examId, courseId));
    for (const words of ['මගේ ලකුණු', 'සිසුවා', 'විභාගය', 'බහුවරණ (/ 50)', 'II කොටස (/ 100)', 'මුළු ලකුණ (/ 100)'])
      expect(text).toContain(words);
    expect(text).toContain('බහුවරණ පමණි');
    expect(text).toContain('පිටුව 1 / 1');
    // Labels and values come back column by column; the day has its Sinhala month name.
    expect(text).toContain('සකස් කළේ');
    expect(text).toMatch(/\d{4} (ජන|පෙබ|මාර්තු|අප්‍රේල්|මැයි|ජූනි|ජූලි|අගෝ|සැප්|ඔක්|නොවැ|දෙසැ) \d{1,2}, \d\d:\d\d \(/);
    expect(text).not.toContain('My marks');
    expect(text).not.toContain('?');
  });

  it('is in Tamil for a student who chose Tamil', async () => {
    const text = await marksText(await studentWith('kavitha', 'ta', examId, courseId));
    for (const words of ['எனது புள்ளிகள்', 'மாணவர்', 'பரீட்சை', 'பல்தேர்வு (/ 50)', 'மொத்தம் (/ 100)', 'பக்கம் 1 / 1'])
      expect(text).toContain(words);
    expect(text).not.toContain('Page 1 of 1');
  });

  it('is in English for a student who has not chosen a language', async () => {
    const text = await marksText(await studentWith('dilan', null, examId, courseId));
    for (const words of ['My marks', 'Student', 'MCQ (/ 50)', 'Total (/ 100)', 'Page 1 of 1'])
      expect(text).toContain(words);
  });
});
