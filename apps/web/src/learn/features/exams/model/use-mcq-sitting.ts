import type { McqDraft } from '@valence/contract';
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

const toList = (answers: Map<number, number>): DraftAnswer[] =>
  [...answers].map(([questionId, optionId]) => ({ questionId, optionId }));

/**
 * One MCQ sitting's choices: where they start (the server's saved draft or this phone's unsent
 * one, the newer), and every choice saved at once through the draft queue.
 */
export function useMcqSitting({ examId, owner, server }: { examId: number; owner: string; server: McqDraft | null }) {
  const key = draftKey(owner, examId);
  const [serverRevision] = useState(() => server?.revision ?? 0);
  const [answers, setAnswers] = useState(() => {
    const start = startingDraft(server, readLocalDraft(localStorage, key));
    return new Map((start?.answers ?? []).map((answer) => [answer.questionId, answer.optionId]));
  });
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const answersRef = useRef(answers);
  const queueRef = useRef<DraftQueue | null>(null);

  useEffect(() => {
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
    queueRef.current?.push(toList(next));
  }, []);

  /** The sitting is handed in: this phone forgets its copy. */
  const finish = useCallback(() => queueRef.current?.clear(), []);

  return { answers, list: () => toList(answersRef.current), choose, status, finish };
}
