/** How the app shows a lecture: played (video, YouTube), shown in the page (PDF, image), or downloaded. */
export type LectureKind = 'video' | 'youtube' | 'pdf' | 'image' | 'file';

export function lectureKind(type: string): LectureKind {
  if (type === 'link') return 'youtube';
  if (type.startsWith('video/')) return 'video';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  return 'file';
}

export const KIND_LABELS: Record<LectureKind, string> = {
  video: 'Video',
  youtube: 'YouTube',
  pdf: 'PDF',
  image: 'Image',
  file: 'File',
};
