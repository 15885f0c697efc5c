import { useMemo } from 'react';
import { Link } from 'react-router';
import { ChemText } from '../../../../components/chem-text';
import { QueryStatus } from '../../../components/query-status';
import { useTranslation } from '../../../lib/i18n';
import en from '../../../locales/en.json';
import { useMyCourses } from '../api/get-my-courses';
import { goneSinceLastVisit } from '../model/seen-courses';

export const NO_COURSES = en.courses.none;

/** My courses: those with an active enrolment; a course paused since the last visit gets a note. */
export default function MyCoursesPage() {
  const { t } = useTranslation();
  const courses = useMyCourses();
  const gone = useMemo(() => (courses.data ? goneSinceLastVisit(courses.data) : []), [courses.data]);

  return (
    <div>
      <h1>{t('courses.title')}</h1>
      <QueryStatus query={courses} loading={t('courses.loading')} failed={t('courses.failed')} />
      {gone.length > 0 && (
        <p className="alert info">{t('courses.gone', { count: gone.length, titles: gone.join(', ') })}</p>
      )}
      {courses.data?.length === 0 && <p className="muted">{t('courses.none')}</p>}
      <ul className="list">
        {courses.data?.map((course) => (
          <li key={course.id}>
            <Link className="card" to={`/courses/${course.id}`}>
              <span className="card-title">
                <ChemText text={course.title} />
              </span>
              {course.description && <p className="muted small">{course.description}</p>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
