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

/** A sitting's own paper: the drawn questions in its order, each question's options in its order. */
export type PaperOrder = { questionOrder: number[] | null; optionOrders: Record<string, number[]> | null };

/** A paper's questions and options as JSON pieces, cut once per built paper and shared by every sitting. */
type QuestionPieces = { head: string; options: Map<number, string>; optionsJson: string };
type PaperPieces = Map<number, QuestionPieces>;
const piecesOf = new WeakMap<StudentPaper, PaperPieces>();

function pieces(paper: StudentPaper): PaperPieces {
  let cut = piecesOf.get(paper);
  if (!cut) {
    cut = new Map();
    for (const { options, ...question } of paper.questions) {
      const optionJson = new Map(options.map((option) => [option.id, JSON.stringify(option)]));
      cut.set(question.id, {
        head: `${JSON.stringify(question).slice(0, -1)},"options":`,
        options: optionJson,
        optionsJson: `[${[...optionJson.values()].join(',')}]`,
      });
    }
    piecesOf.set(paper, cut);
  }
  return cut;
}

/** `order`'s ids that are still in `known`, then those of `known` it does not name (added since the draw). */
function inOrder<T>(order: number[], known: Map<number, T>): T[] {
  const named = new Set(order);
  const ids = [...order.filter((id) => known.has(id)), ...[...known.keys()].filter((id) => !named.has(id))];
  return ids.map((id) => known.get(id) as T);
}

/**
 * The shared paper's JSON as one sitting shows it: its drawn questions in its order, options in its
 * order. Written from pieces of the shared paper's JSON (checked against the contract when it was
 * built), never serialised again: on exam day a class of shuffled sittings costs a string join each.
 * A question drawn but deleted since is left out; an option added since goes last.
 */
export function paperJsonInOrder(paper: StudentPaper, order: PaperOrder): string {
  if (!order.questionOrder && !order.optionOrders) return paper.json;
  const cut = pieces(paper);
  const questionIds = order.questionOrder?.filter((id) => cut.has(id)) ?? [...cut.keys()];
  const parts = questionIds.map((id) => {
    const question = cut.get(id) as QuestionPieces;
    const optionOrder = order.optionOrders?.[String(id)];
    const options = optionOrder ? `[${inOrder(optionOrder, question.options).join(',')}]` : question.optionsJson;
    return `${question.head}${options}}`;
  });
  return `[${parts.join(',')}]`;
}
