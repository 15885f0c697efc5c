import { queryOptions, useQuery } from '@tanstack/react-query';
import { resourceSchema } from '@valence/contract';
import { client, read } from './api';
import { learnKeys } from './query-keys';

/**
 * A course's lectures live now, with signed links: the course screen lists them and the lecture
 * screen plays one of them, from the same cache entry, so opening a lecture asks for nothing new.
 * Signed links last minutes, so the list is asked again once a minute old.
 */
export const getCourseLectures = (courseId: number) =>
  read(client.GET('/me/courses/{id}/resources', { params: { path: { id: courseId } } }), resourceSchema.array());

export const courseLecturesQuery = (courseId: number) =>
  queryOptions({
    queryKey: learnKeys.courseLectures(courseId),
    queryFn: () => getCourseLectures(courseId),
    staleTime: 60_000,
  });

export const useCourseLectures = (courseId: number) => useQuery(courseLecturesQuery(courseId));

/** How a lecture is shown: played (video, YouTube), shown in the page (PDF, image), or downloaded. */
export type LectureKind = 'video' | 'youtube' | 'pdf' | 'image' | 'file';

export function lectureKind(type: string): LectureKind {
  if (type === 'link') return 'youtube';
  if (type.startsWith('video/')) return 'video';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  return 'file';
}

/** Each kind's name, a key of the language packs (`kinds.*`). */
export const KIND_LABELS: Record<LectureKind, `kinds.${LectureKind}`> = {
  video: 'kinds.video',
  youtube: 'kinds.youtube',
  pdf: 'kinds.pdf',
  image: 'kinds.image',
  file: 'kinds.file',
};
