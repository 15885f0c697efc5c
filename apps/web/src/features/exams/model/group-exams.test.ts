import type { Exam } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { groupExams } from './group-exams';

const exam = (id: number, examIdentifier: string, examType: Exam['examType']) =>
  ({ id, examIdentifier, examType }) as Exam;

describe('groupExams', () => {
  it("keeps the server's group order and puts MCQ before PART II in each group", () => {
    const groups = groupExams([
      exam(5, 'B', 'TRADITIONAL'),
      exam(2, 'A', 'TRADITIONAL'),
      exam(4, 'B', 'MCQ'),
      exam(1, 'A', 'MCQ'),
      exam(9, 'C', 'MCQ'),
    ]);
    expect(groups.map((group) => [group.identifier, group.exams.map((e) => e.id)])).toEqual([
      ['B', [4, 5]],
      ['A', [1, 2]],
      ['C', [9]],
    ]);
  });
});
