import { type CreateStaffRequest, STAFF_ROLES, type Staff, type UpdateStaffRequest } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Principal } from '../../lib/principal.js';
import type { AccountRow, AccountsService } from '../accounts/service.js';

const toStaff = (row: Pick<AccountRow, 'id' | 'username' | 'role' | 'disabled' | 'createdAt'>): Staff => ({
  id: row.id,
  username: row.username,
  role: row.role as Staff['role'],
  disabled: row.disabled,
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

  /**
   * A new role, disabled or enabled, a new password. The platform always keeps one enabled
   * superadmin: without one nobody could manage staff, delete anything or enable an account again.
   */
  async update(actor: Principal, id: number, input: UpdateStaffRequest): Promise<Staff> {
    const row = await this.accounts.updateStaff(id, input, (account, enabledSuperadmins) => {
      const staysEnabledSuperadmin =
        (input.role ?? account.role) === 'ROLE_SUPERADMIN' && !(input.disabled ?? account.disabled);
      if (!staysEnabledSuperadmin && enabledSuperadmins.every((superadmin) => superadmin === id)) {
        throw conflict(
          'The last enabled superadmin cannot be demoted or disabled. Make another account superadmin first.',
        );
      }
    });
    if (!row) throw notFound('Staff account not found.');
    await audit(this.db, actor, 'staff.update', `account:${id}`, {
      username: row.username,
      ...(input.role === undefined ? {} : { role: input.role }),
      ...(input.disabled === undefined ? {} : { disabled: input.disabled }),
      ...(input.password === undefined ? {} : { passwordChanged: true }),
    });
    return toStaff(row);
  }
}
