import { type CreateStaffRequest, STAFF_ROLES, type Staff } from '@valence/contract';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import type { Principal } from '../../plugins/auth.js';
import type { AccountRow } from '../accounts/repository.js';
import { listByRoles } from '../accounts/repository.js';
import { createAccount } from '../accounts/service.js';

const toStaff = (row: Pick<AccountRow, 'id' | 'username' | 'role' | 'createdAt'>): Staff => ({
  id: row.id,
  username: row.username,
  role: row.role as Staff['role'],
  createdAt: row.createdAt.toISOString(),
});

export class StaffService {
  constructor(private readonly db: Db) {}

  async list(): Promise<Staff[]> {
    return (await listByRoles(this.db, [...STAFF_ROLES])).map(toStaff);
  }

  async create(actor: Principal | null, input: CreateStaffRequest): Promise<Staff> {
    const row = await createAccount(this.db, input);
    await audit(this.db, actor, 'staff.create', `account:${row.id}`, { username: row.username, role: row.role });
    return toStaff(row);
  }
}
