import {
  type DeviceLimit,
  type DeviceLimitUpdate,
  type InstituteContact,
  type InstituteSettings,
  type InstituteSettingsUpdate,
  type ZoneOffsets,
  zoneOffsetsOf,
} from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import type { StoredFile } from '../../lib/multipart.js';
import type { Principal } from '../../lib/principal.js';
import { deleteStoredFiles } from '../../storage/delete-files.js';
import * as repo from './repository.js';

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'config' | 'log'>;

/** The institute's details as a PDF writer needs them: text, and the logo's bytes when there is one. */
export type InstituteHeader = {
  name: string;
  address: string;
  contact: string;
  logo: { bytes: Uint8Array; type: 'png' | 'jpeg' } | null;
};

/** The Contact page's details of the row (empty ones when there is no row yet). */
const contactOf = (row: repo.InstituteRow | undefined) => ({
  phone: row?.phone ?? '',
  email: row?.email ?? '',
  instagram: row?.instagram ?? '',
  facebook: row?.facebook ?? '',
});

const logoType = (key: string | null): 'png' | 'jpeg' | null => {
  if (!key) return null;
  return key.toLowerCase().endsWith('.png') ? 'png' : 'jpeg';
};

/**
 * The institute's name, address, contact and logo (one row): every signed-in staff member reads
 * them, since every PDF is headed with them; only a superadmin changes them (the routes say so).
 */
export class SettingsService {
  private offsets: ZoneOffsets | undefined;

  constructor(private readonly deps: Deps) {}

  /**
   * The platform zone's offset table from the start of the year twenty years back to that of the
   * year twenty-one ahead, read once (about 40 ms of Intl) on the first ask; pages read dates in that
   * span with arithmetic, and ask Intl only outside it.
   */
  zoneOffsets(): ZoneOffsets {
    if (!this.offsets) {
      const year = new Date().getUTCFullYear();
      const from = Date.UTC(year - 20, 0, 1) / 1000;
      const until = Date.UTC(year + 21, 0, 1) / 1000;
      this.offsets = zoneOffsetsOf(this.deps.config.timeZone, from, until);
    }
    return this.offsets;
  }

  private async present(row: repo.InstituteRow | undefined): Promise<InstituteSettings> {
    const logoKey = row?.logoKey ?? null;
    const type = logoType(logoKey);
    return {
      name: row?.name ?? '',
      address: row?.address ?? '',
      contact: row?.contact ?? '',
      ...contactOf(row),
      logoUrl: logoKey
        ? await this.deps.storage.signedUrl(logoKey, {
            ttlSeconds: this.deps.config.downloadLinkTtlSeconds,
            fileName: `logo.${type === 'png' ? 'png' : 'jpg'}`,
          })
        : null,
      logoType: type,
      updatedAt: (row?.updatedAt ?? new Date(0)).toISOString(),
    };
  }

  /** What the public Contact page shows: only what the superadmin has set, the rest empty. */
  async contact(): Promise<InstituteContact> {
    const row = await repo.findInstitute(this.deps.db);
    return { name: row?.name ?? '', address: row?.address ?? '', ...contactOf(row) };
  }

  async institute(): Promise<InstituteSettings> {
    return this.present(await repo.findInstitute(this.deps.db));
  }

  async update(actor: Principal, input: InstituteSettingsUpdate): Promise<InstituteSettings> {
    const row = await this.deps.db.transaction(async (tx) => {
      const before = await repo.lockInstitute(tx);
      const after = await repo.updateInstitute(tx, input);
      const { name, address, contact } = before;
      await audit(tx, actor, 'settings.institute', 'institute', {
        before: { name, address, contact, ...contactOf(before) },
        after: input,
      });
      return after;
    });
    return this.present(row);
  }

  /** Puts the (already stored and checked) logo in place; the one it replaces is removed after the commit. */
  async setLogo(actor: Principal, file: StoredFile): Promise<InstituteSettings> {
    const { row, previous } = await this.deps.db.transaction(async (tx) => {
      const before = await repo.lockInstitute(tx);
      const after = await repo.updateInstitute(tx, { logoKey: file.key });
      await audit(tx, actor, 'settings.logo', 'institute', { fileName: file.fileName, size: file.size });
      return { row: after, previous: before.logoKey };
    });
    await this.removeFile(previous);
    return this.present(row);
  }

  async removeLogo(actor: Principal): Promise<void> {
    const previous = await this.deps.db.transaction(async (tx) => {
      const before = await repo.lockInstitute(tx);
      if (!before.logoKey) return null;
      await repo.updateInstitute(tx, { logoKey: null });
      await audit(tx, actor, 'settings.logo.delete', 'institute');
      return before.logoKey;
    });
    if (!previous) throw notFound('No logo is set.');
    await this.removeFile(previous);
  }

  /** Devices a student may be signed in on at once: the Settings screen's number, else the server's. */
  async maxDevicesPerStudent(): Promise<number> {
    return (await this.deviceLimit()).maxDevicesPerStudent;
  }

  async deviceLimit(): Promise<DeviceLimit> {
    const row = await repo.findInstitute(this.deps.db);
    return this.presentDeviceLimit(row?.maxDevicesPerStudent ?? null);
  }

  /** A number, or null to go back to MAX_DEVICES_PER_STUDENT. Sessions already open stay until their next sign-in. */
  async setDeviceLimit(actor: Principal, input: DeviceLimitUpdate): Promise<DeviceLimit> {
    const row = await this.deps.db.transaction(async (tx) => {
      const before = await repo.lockInstitute(tx);
      const after = await repo.updateInstitute(tx, { maxDevicesPerStudent: input.maxDevicesPerStudent });
      await audit(tx, actor, 'settings.devices', 'institute', {
        before: before.maxDevicesPerStudent,
        after: input.maxDevicesPerStudent,
      });
      return after;
    });
    return this.presentDeviceLimit(row.maxDevicesPerStudent);
  }

  private presentDeviceLimit(stored: number | null): DeviceLimit {
    const serverDefault = this.deps.config.maxDevicesPerStudent;
    return { maxDevicesPerStudent: stored ?? serverDefault, serverDefault, custom: stored !== null };
  }

  /**
   * The details for a PDF made on the server. A logo missing from the store (restored without its
   * files) heads the PDF without it rather than failing it.
   */
  async header(): Promise<InstituteHeader> {
    const row = await repo.findInstitute(this.deps.db);
    let logo: InstituteHeader['logo'] = null;
    const key = row?.logoKey ?? null;
    if (key) {
      try {
        const object = await this.deps.storage.get(key);
        const chunks: Buffer[] = [];
        for await (const chunk of object.stream) chunks.push(chunk as Buffer);
        logo = { bytes: Buffer.concat(chunks), type: logoType(key) ?? 'png' };
      } catch (error) {
        this.deps.log.warn({ err: error, key }, 'institute logo not found in storage');
      }
    }
    return { name: row?.name ?? '', address: row?.address ?? '', contact: row?.contact ?? '', logo };
  }

  private async removeFile(key: string | null) {
    await deleteStoredFiles(this.deps.storage, this.deps.log, [key]);
  }
}
