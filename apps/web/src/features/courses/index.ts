export { courseQueryOptions, useCourse } from './api/get-course';
export { courseCountQueryOptions, useCourseCount } from './api/get-course-count';
export { coursesPageQueryOptions, useCoursesPage } from './api/get-courses';
export { CourseGrid } from './components/course-grid';
export { CourseHeader } from './components/course-header';
export { CourseList } from './components/course-list';
export { CreateCourseForm } from './components/create-course-form';
