import { z } from 'zod';
import { idSchema } from './common.js';

/** The most devices the Settings screen or MAX_DEVICES_PER_STUDENT may allow a student at once. */
export const MAX_DEVICE_LIMIT = 10;

/**
 * The `code` of a 401 answered to a device whose session was ended on purpose, so the students' app
 * can say why on its sign-in page: a sign-in on one device too many (`SIGNED_IN_ELSEWHERE`), or staff
 * ending it on the student panel (`DEVICE_SIGNED_OUT`).
 */
export const SESSION_END_CODES = ['SIGNED_IN_ELSEWHERE', 'DEVICE_SIGNED_OUT'] as const;
export type SessionEndCode = (typeof SESSION_END_CODES)[number];

export const SESSION_END_MESSAGES: Record<SessionEndCode, string> = {
  SIGNED_IN_ELSEWHERE: 'You were signed out because your account was used on another device.',
  DEVICE_SIGNED_OUT: 'You were signed out of this device by the institute.',
};

/** A device a student is signed in on, as staff see it on the student panel. */
export const studentDeviceSchema = z.object({
  id: z.string(),
  /** Read from the browser's User-Agent, e.g. "Chrome on Android"; "Unknown browser" when it says nothing useful. */
  browser: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
});
export type StudentDevice = z.infer<typeof studentDeviceSchema>;

export const studentDeviceParamsSchema = z.object({
  id: idSchema('The student id'),
  deviceId: z.string().regex(/^[0-9a-f-]{36}$/, { message: 'The device id must be one the device list gave.' }),
});

/** The device limit on the Settings screen: the number in force, and the server's default. */
export const deviceLimitSchema = z.object({
  maxDevicesPerStudent: z.number().int(),
  /** MAX_DEVICES_PER_STUDENT (2 unless the server sets it): in force while the Settings screen sets none. */
  serverDefault: z.number().int(),
  /** True when the Settings screen's number is in force rather than the server's default. */
  custom: z.boolean(),
});
export type DeviceLimit = z.infer<typeof deviceLimitSchema>;

const deviceCountMessage = `Devices per student must be a whole number from 1 to ${MAX_DEVICE_LIMIT}.`;

/** PUT /settings/devices: a number, or null to go back to the server's default. */
export const deviceLimitUpdateSchema = z.object({
  maxDevicesPerStudent: z
    .number({ message: deviceCountMessage })
    .int({ message: deviceCountMessage })
    .min(1, { message: deviceCountMessage })
    .max(MAX_DEVICE_LIMIT, { message: deviceCountMessage })
    .nullable(),
});
export type DeviceLimitUpdate = z.infer<typeof deviceLimitUpdateSchema>;
