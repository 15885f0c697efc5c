import { Link, useParams } from 'react-router';
import { QueryStatus } from '../../../components/query-status';
import { KIND_LABELS, lectureKind, useCourseLectures } from '../../../lib/course-lectures';
import { clock, formatWhen, usePlatformZone } from '../../../lib/time';
import { useMyCourses } from '../api/get-my-courses';
import { useUpcomingLectures } from '../api/get-upcoming-lectures';

export const NO_LECTURES = 'No lectures are available in this course yet.';

/** A course: its live lectures in order, then the upcoming ones with when they open. */
export default function CoursePage() {
  const courseId = Number(useParams().courseId);
  const zone = usePlatformZone();
  const courses = useMyCourses();
  const lectures = useCourseLectures(courseId);
  const upcoming = useUpcomingLectures(courseId);
  const title = courses.data?.find((course) => course.id === courseId)?.title ?? 'Course';

  return (
    <div>
      <p className="small">
        <Link to="/">← My courses</Link>
      </p>
      <h1>{title}</h1>
      <QueryStatus
        query={lectures}
        loading="Loading lectures…"
        failed={'The lectures could not be loaded. Please try again.'}
      />
      {lectures.data?.length === 0 && !upcoming.data?.length && <p className="muted">{NO_LECTURES}</p>}
      <ul className="list">
        {lectures.data?.map((lecture) => {
          const kind = lectureKind(lecture.type);
          return (
            <li key={lecture.id}>
              <Link className="card" to={`/courses/${courseId}/lectures/${lecture.id}`}>
                <span className="card-title">{lecture.name}</span>
                <span className="row small muted">
                  <span>
                    {KIND_LABELS[kind]}
                    {(kind === 'video' || kind === 'youtube') &&
                      lecture.duration > 0 &&
                      ` · ${clock(lecture.duration)}`}
                  </span>
                  {lecture.expiresAt && <span>Until {formatWhen(lecture.expiresAt, zone)}</span>}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {upcoming.data && upcoming.data.length > 0 && (
        <>
          <h2>Coming up</h2>
          <ul className="list">
            {upcoming.data.map((lecture) => (
              <li key={lecture.id} className="card" aria-disabled="true">
                <span className="card-title">{lecture.name}</span>
                <p className="small muted">Available from {formatWhen(lecture.liveAt, zone)}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
