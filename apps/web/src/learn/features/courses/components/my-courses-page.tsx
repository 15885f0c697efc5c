import { useMemo } from 'react';
import { Link } from 'react-router';
import { QueryStatus } from '../../../components/query-status';
import { useMyCourses } from '../api/get-my-courses';
import { goneSinceLastVisit } from '../model/seen-courses';

export const NO_COURSES = 'You are not enrolled in any course yet. Your tutor enrols you.';

/** My courses: those with an active enrolment; a course paused since the last visit gets a note. */
export default function MyCoursesPage() {
  const courses = useMyCourses();
  const gone = useMemo(() => (courses.data ? goneSinceLastVisit(courses.data) : []), [courses.data]);

  return (
    <div>
      <h1>My courses</h1>
      <QueryStatus
        query={courses}
        loading="Loading your courses…"
        failed={'Your courses could not be loaded. Please try again.'}
      />
      {gone.length > 0 && (
        <p className="alert info">
          {gone.join(', ')} {gone.length === 1 ? 'is' : 'are'} paused or closed for now. Ask your tutor if you expected{' '}
          {gone.length === 1 ? 'it' : 'them'} here.
        </p>
      )}
      {courses.data?.length === 0 && <p className="muted">{NO_COURSES}</p>}
      <ul className="list">
        {courses.data?.map((course) => (
          <li key={course.id}>
            <Link className="card" to={`/courses/${course.id}`}>
              <span className="card-title">{course.title}</span>
              {course.description && <p className="muted small">{course.description}</p>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
