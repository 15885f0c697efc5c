export { courseCoverageQueryOptions, useCourseCoverage } from './api/get-course-coverage';
export { studentCoverageQueryOptions, useStudentCoverage } from './api/get-student-coverage';
export { CourseCoverage } from './components/course-coverage';
export { StudentCoverageButton } from './components/student-coverage-dialog';
