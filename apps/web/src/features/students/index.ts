export { getStudents, studentsQueryOptions, useStudents } from './api/get-students';
