import type { McqDraft, StudentQuestion } from '@valence/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { saveMcqDraft } from '../api/save-mcq-draft';
import {
  createDraftQueue,
  type DraftAnswer,
  type DraftQueue,
  draftKey,
  type FailureVerdict,
  readLocalDraft,
  type SaveStatus,
  startingDraft,
} from './draft-queue';

/** A lost network or a server hiccup is tried again; a refusal (past due, submitted) is said. */
export function classifySaveFailure(error: unknown): FailureVerdict {
  if (!(error instanceof ApiError) || error.status === 0) return { retry: true, offline: true };
  if (error.status >= 500 || error.status === 429 || error.status === 408) return { retry: true, offline: false };
  return { retry: false, status: error.status, message: error.message };
}

/**
 * The answer set as sent: only choices of the paper as it is now. A question a tutor removed
 * mid-sitting would otherwise have every later save and the submission refused.
 */
export function answerList(answers: Map<number, number>, questions: StudentQuestion[]): DraftAnswer[] {
  const options = new Map(questions.map((question) => [question.id, question.options.map((option) => option.id)]));
  return [...answers]
    .filter(([questionId, optionId]) => options.get(questionId)?.includes(optionId))
    .map(([questionId, optionId]) => ({ questionId, optionId }));
}

/**
 * One MCQ sitting's choices: where they start (the server's saved draft or this phone's unsent
 * one, the newer), and every choice saved at once through the draft queue.
 */
export function useMcqSitting({
  examId,
  questions,
  owner,
  server,
}: {
  examId: number;
  questions: StudentQuestion[];
  owner: string;
  server: McqDraft | null;
}) {
  const key = draftKey(owner, examId);
  const [serverRevision] = useState(() => server?.revision ?? 0);
  const [answers, setAnswers] = useState(() => {
    const start = startingDraft(server, readLocalDraft(localStorage, key));
    return new Map((start?.answers ?? []).map((answer) => [answer.questionId, answer.optionId]));
  });
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const answersRef = useRef(answers);
  const queueRef = useRef<DraftQueue | null>(null);
  const questionsRef = useRef(questions);
  questionsRef.current = questions;

  useEffect(() => {
    // An unsent set from before a tutor changed the paper goes without the choices it no longer has.
    const local = readLocalDraft(localStorage, key);
    if (local && local.revision > serverRevision) {
      const kept = answerList(new Map(local.answers.map((a) => [a.questionId, a.optionId])), questionsRef.current);
      if (kept.length < local.answers.length) localStorage.setItem(key, JSON.stringify({ ...local, answers: kept }));
    }
    const queue = createDraftQueue({
      key,
      serverRevision,
      send: (draft) => saveMcqDraft(examId, draft),
      classify: classifySaveFailure,
      onStatus: setStatus,
    });
    queueRef.current = queue;
    return () => queue.dispose();
  }, [key, examId, serverRevision]);

  const choose = useCallback((questionId: number, optionId: number) => {
    const next = new Map(answersRef.current).set(questionId, optionId);
    answersRef.current = next;
    setAnswers(next);
    queueRef.current?.push(answerList(next, questionsRef.current));
  }, []);

  /** The sitting is handed in: this phone forgets its copy. */
  const finish = useCallback(() => queueRef.current?.clear(), []);

  return { answers, list: () => answerList(answersRef.current, questionsRef.current), choose, status, finish };
}
