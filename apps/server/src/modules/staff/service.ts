import { type CreateStaffRequest, STAFF_ROLES, type Staff } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import type { Principal } from '../../lib/principal.js';
import type { AccountRow, AccountsService } from '../accounts/service.js';

const toStaff = (row: Pick<AccountRow, 'id' | 'username' | 'role' | 'createdAt'>): Staff => ({
  id: row.id,
  username: row.username,
  role: row.role as Staff['role'],
  createdAt: row.createdAt.toISOString(),
});

export class StaffService {
  private readonly db: Db;
  private readonly accounts: AccountsService;

  constructor({ db, accounts }: Pick<FastifyInstance, 'db' | 'accounts'>) {
    this.db = db;
    this.accounts = accounts;
  }

  async list(): Promise<Staff[]> {
    return (await this.accounts.listByRoles([...STAFF_ROLES])).map(toStaff);
  }

  async create(actor: Principal | null, input: CreateStaffRequest): Promise<Staff> {
    const row = await this.accounts.create(input);
    await audit(this.db, actor, 'staff.create', `account:${row.id}`, { username: row.username, role: row.role });
    return toStaff(row);
  }
}
