import { type McqExamFound, mcqExamFoundSchema } from '@valence/contract';
import { z } from 'zod';
import { client, read } from '../../../lib/api-client';
import { pagedQuery } from '../../../lib/query';
import { keys } from '../../../lib/query-keys';

const foundSchema = z.array(mcqExamFoundSchema);

/** MCQ exams of any course whose title or identifier contains `q` (the newest 20; all newest when empty). */
export function searchMcqExams(q: string): Promise<McqExamFound[]> {
  return read(client.GET('/api/v1/exams/mcq-search', { params: { query: q ? { q } : {} } }), foundSchema);
}

/** The last answer stays on screen while the next search loads, so the list does not jump. */
export const [mcqExamSearchQueryOptions, useMcqExamSearch] = pagedQuery(keys.exams.mcqSearch, searchMcqExams);
