/** Whether where the student stopped is worth offering: not the first or last few seconds. */
export function resumeWorthOffering(position: number | null | undefined, duration: number): position is number {
  if (position == null) return false;
  const end = duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return position > 5 && position < end - 5;
}
