export { getStudentCount, studentCountQueryOptions, useStudentCount } from './api/get-student-count';
