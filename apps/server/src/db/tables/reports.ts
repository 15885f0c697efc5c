import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** The institute's details that head every PDF handed to students and parents (one row, id 1). */
export const instituteSettings = pgTable('institute_settings', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().default(''),
  address: text('address').notNull().default(''),
  contact: text('contact').notNull().default(''),
  /** What the public Contact page shows: each empty until the superadmin sets it. */
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  instagram: text('instagram').notNull().default(''),
  facebook: text('facebook').notNull().default(''),
  /** The logo in the file store (png or jpeg), or null. */
  logoKey: text('logo_key'),
  /** Devices a student may be signed in on at once; null: the server's MAX_DEVICES_PER_STUDENT. */
  maxDevicesPerStudent: integer('max_devices_per_student'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
