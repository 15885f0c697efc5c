export { getStudentCount, studentCountQueryOptions, useStudentCount } from './api/get-student-count';
export { AddStudentForm } from './components/add-student-form';
export { ImportStudentsButton } from './components/import-students-dialog';
export { StudentDevices } from './components/student-devices';
export { StudentList } from './components/student-list';
