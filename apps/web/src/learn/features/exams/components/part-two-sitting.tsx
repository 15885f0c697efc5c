import type { StudentExam } from '@valence/contract';

/** Placeholder until the PART II hand-in is built. */
export function PartTwoSitting({ exam }: { exam: StudentExam }) {
  return <p className="muted">Handing in {exam.title} is being built.</p>;
}
