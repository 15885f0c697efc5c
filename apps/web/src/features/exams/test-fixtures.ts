import type { Exam } from '@valence/contract';
import { examFixture } from '../../test/exam-fixture';
import type { FakeRoute } from '../../test/render';

/** Test data for the exams screen: exams of course 7 and the server's paging of their groups. */
export const exam = (id: number, examIdentifier: string, examType: Exam['examType'], extra: Partial<Exam> = {}): Exam =>
  examFixture({
    id,
    courseTitle: 'Organic Chemistry',
    title: `${examIdentifier} ${examType === 'MCQ' ? 'Part I' : 'Part II'}`,
    description: `About ${examIdentifier}`,
    // 04:00 UTC is 09:30 in Colombo.
    dueDate: '2026-05-01T04:00:00.000Z',
    examType,
    examIdentifier,
    examPaperUrl: examType === 'TRADITIONAL' ? `https://files.example/${id}.pdf` : null,
    ...extra,
  });
// The server sends a group's PART II before its MCQ here: the card still puts the MCQ first.
export const EXAMS = [
  exam(2, 'CHEM101_FINAL', 'TRADITIONAL', { published: true }),
  exam(1, 'CHEM101_FINAL', 'MCQ'),
  exam(3, 'CHEM101_MID', 'TRADITIONAL', { published: true, gradesPublished: true, contentDeleted: true }),
];

/** Pages of groups as the server answers them: `total` counts identifiers, `items` their exams. */
export function groupsRoute(exams: Exam[]): FakeRoute {
  return ({ query }) => {
    const q = query.get('q')?.toLowerCase() ?? '';
    const matching = exams.filter((e) => `${e.title} ${e.description}`.toLowerCase().includes(q));
    const ids = [...new Set(matching.map((e) => e.examIdentifier))];
    const limit = Number(query.get('limit'));
    const offset = Number(query.get('offset'));
    const page = ids.slice(offset, offset + limit);
    return {
      body: { items: matching.filter((e) => page.includes(e.examIdentifier)), total: ids.length, limit, offset },
    };
  };
}
