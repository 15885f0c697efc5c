/** How a lecture is shown: played (video, YouTube), shown in the page (PDF, image), or downloaded. */
export type LectureKind = 'video' | 'youtube' | 'pdf' | 'image' | 'file';

export function lectureKind(type: string): LectureKind {
  if (type === 'link') return 'youtube';
  if (type.startsWith('video/')) return 'video';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  return 'file';
}

/** Whether where the student stopped is worth offering: not the first or last few seconds. */
export function resumeWorthOffering(position: number | null | undefined, duration: number): position is number {
  if (position == null) return false;
  const end = duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return position > 5 && position < end - 5;
}
