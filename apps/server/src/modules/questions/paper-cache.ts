import { type StudentQuestion, studentQuestionSchema } from '@valence/contract';
import { z } from 'zod';
import { BoundedMap } from '../../lib/bounded-map.js';
import type { ChoiceKey } from './repository.js';

/**
 * An MCQ exam's paper as every student of it receives it, built once: the questions (no answer
 * key), the same validated and serialised as JSON, and the choice key that checks a draft.
 */
export type StudentPaper = {
  questions: StudentQuestion[];
  /** `questions` as the JSON array sent, checked against the contract when built. */
  json: string;
  key: ChoiceKey;
};

/**
 * How long a built paper serves before it is read again. On exam day a whole class opens the same
 * paper within a few seconds; one read and one serialisation serve them all. A change made through
 * this server is seen at once (`forget`); one made through another replica, within this time.
 */
export const PAPER_TTL_MS = 2_000;
/** Exams whose papers are kept at once: the exams sat in the same few seconds, not the whole term. */
const PAPERS_KEPT = 64;

const questionsSchema = z.array(studentQuestionSchema);

/** The papers built lately, by exam; concurrent first reads of one exam share one build. */
export class PaperCache {
  private readonly papers = new BoundedMap<number, { builtAt: number; paper: Promise<StudentPaper> }>(PAPERS_KEPT);

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The exam's paper: the one built within PAPER_TTL_MS, or a new one from `build`. */
  get(examId: number, build: () => Promise<{ questions: StudentQuestion[]; key: ChoiceKey }>): Promise<StudentPaper> {
    const kept = this.papers.get(examId);
    if (kept && this.now() - kept.builtAt < PAPER_TTL_MS) return kept.paper;
    const paper = build().then(({ questions, key }) => {
      const checked = questionsSchema.parse(questions);
      return { questions: checked, json: JSON.stringify(checked), key };
    });
    const entry = { builtAt: this.now(), paper };
    this.papers.set(examId, entry);
    // A failed build is not kept: the next request tries again.
    paper.catch(() => {
      if (this.papers.get(examId) === entry) this.papers.delete(examId);
    });
    return paper;
  }

  /** The exam's questions changed (or went): its next paper is read afresh. */
  forget(examId: number): void {
    this.papers.delete(examId);
  }
}
