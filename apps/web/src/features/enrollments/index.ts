export { courseEnrollmentsPageQueryOptions, useCourseEnrollmentsPage } from './api/get-course-enrollments';
export { AssignStudentsForm } from './components/assign-students-form';
export { AssignedStudents } from './components/assigned-students';
export { StudentEnrollments } from './components/student-enrollments';
