export { CreateStaffForm } from './components/create-staff-form';
export { StaffList } from './components/staff-list';
