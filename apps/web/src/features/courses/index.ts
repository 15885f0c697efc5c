export { courseQueryOptions, useCourse } from './api/get-course';
export { coursesQueryOptions, useCourses } from './api/get-courses';
export { CourseGrid } from './components/course-grid';
export { CourseHeader } from './components/course-header';
export { CourseList, filterCourses } from './components/course-list';
export { CreateCourseForm } from './components/create-course-form';
