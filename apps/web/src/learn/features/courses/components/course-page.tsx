import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ChemText, useDocumentTitle } from '../../../../components/chem-text';
import { QueryStatus } from '../../../components/query-status';
import { courseLecturesQuery, KIND_LABELS, lectureKind } from '../../../lib/course-lectures';
import { useTranslation } from '../../../lib/i18n';
import { clock, formatWhen, usePlatformZone } from '../../../lib/time';
import en from '../../../locales/en.json';
import { useMyCourses } from '../api/get-my-courses';
import { useUpcomingLectures } from '../api/get-upcoming-lectures';
import { WatchedMark } from './watched-mark';

export const NO_LECTURES = en.course.none;

/** A course: its live lectures in order, then the upcoming ones with when they open. */
export default function CoursePage() {
  const { t } = useTranslation();
  const courseId = Number(useParams().courseId);
  const zone = usePlatformZone();
  const courses = useMyCourses();
  // Asked again whenever the list is shown: back from a lecture, its Watched mark counts what was just played.
  const lectures = useQuery({ ...courseLecturesQuery(courseId), refetchOnMount: 'always' });
  const upcoming = useUpcomingLectures(courseId);
  const courseTitle = courses.data?.find((course) => course.id === courseId)?.title;
  const title = courseTitle ?? t('course.fallbackTitle');
  useDocumentTitle(courseTitle);

  return (
    <div>
      <p className="small">
        <Link to="/">{t('course.back')}</Link>
      </p>
      <h1>
        <ChemText text={title} />
      </h1>
      <QueryStatus query={lectures} loading={t('course.loading')} failed={t('course.failed')} />
      {lectures.data?.length === 0 && !upcoming.data?.length && <p className="muted">{t('course.none')}</p>}
      <ul className="list">
        {lectures.data?.map((lecture) => {
          const kind = lectureKind(lecture.type);
          return (
            <li key={lecture.id}>
              <Link className="card" to={`/courses/${courseId}/lectures/${lecture.id}`}>
                <span className="card-title">
                  <ChemText text={lecture.name} />
                </span>
                <span className="row small muted">
                  <span>
                    {t(KIND_LABELS[kind])}
                    {(kind === 'video' || kind === 'youtube') &&
                      lecture.duration > 0 &&
                      ` · ${clock(lecture.duration)}`}
                  </span>
                  {lecture.expiresAt && <span>{t('course.until', { when: formatWhen(lecture.expiresAt, zone) })}</span>}
                  {(kind === 'video' || kind === 'youtube') && (
                    <WatchedMark watchedSeconds={lecture.watchedSeconds} duration={lecture.duration} />
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {upcoming.data && upcoming.data.length > 0 && (
        <>
          <h2>{t('course.comingUp')}</h2>
          <ul className="list">
            {upcoming.data.map((lecture) => (
              <li key={lecture.id} className="card" aria-disabled="true">
                <span className="card-title">
                  <ChemText text={lecture.name} />
                </span>
                <p className="small muted">{t('course.availableFrom', { when: formatWhen(lecture.liveAt, zone) })}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
