import type { StaffRole } from '@valence/contract';

export const ROLE_OPTIONS: { value: StaffRole; label: string }[] = [
  { value: 'ROLE_ADMIN', label: 'Admin (instructor)' },
  { value: 'ROLE_SUPERADMIN', label: 'Superadmin' },
];
