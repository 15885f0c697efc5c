import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { findRow } from '../../db/rows.js';
import { instituteSettings } from '../../db/schema.js';

/** The one row of institute settings. */
export const INSTITUTE_ROW = 1;

export type InstituteRow = typeof instituteSettings.$inferSelect;

export function findInstitute(db: DbOrTx): Promise<InstituteRow | undefined> {
  return findRow(db, instituteSettings, eq(instituteSettings.id, INSTITUTE_ROW));
}

/** The row, made (empty) when it does not exist yet, and locked until the transaction ends. */
export async function lockInstitute(db: DbOrTx): Promise<InstituteRow> {
  await db.insert(instituteSettings).values({ id: INSTITUTE_ROW }).onConflictDoNothing();
  const [row] = await db.select().from(instituteSettings).where(eq(instituteSettings.id, INSTITUTE_ROW)).for('update');
  return row as InstituteRow;
}

export async function updateInstitute(
  db: DbOrTx,
  values: Partial<
    Pick<
      InstituteRow,
      'name' | 'address' | 'contact' | 'phone' | 'email' | 'instagram' | 'facebook' | 'logoKey' | 'maxDevicesPerStudent'
    >
  >,
): Promise<InstituteRow> {
  const [row] = await db
    .update(instituteSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(instituteSettings.id, INSTITUTE_ROW))
    .returning();
  return row as InstituteRow;
}
