import { instantOf, type Page, sortOf, type WatchRecord, type WatchTimeQuery } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { pageOrAll } from '../../lib/paging.js';
import type { Principal } from '../../lib/principal.js';
import type { AccountsService } from '../accounts/service.js';
import * as repo from './repository.js';

const toRecord = (row: { id: number; videoName: string; timestamp: Date; watchedDuration: number }): WatchRecord => ({
  id: row.id,
  videoName: row.videoName,
  timestamp: row.timestamp.toISOString(),
  watchedDuration: row.watchedDuration,
});

/**
 * Watch-time records of students. They are written by the student side of the API; staff read them
 * (filtered by video name and day, sorted, paged) and a superadmin deletes them.
 */
export class WatchTimeService {
  private readonly db: Db;
  private readonly accounts: AccountsService;
  private readonly config: Pick<Config, 'timeZone'>;

  constructor({ db, accounts, config }: Pick<FastifyInstance, 'db' | 'accounts' | 'config'>) {
    this.db = db;
    this.accounts = accounts;
    this.config = config;
  }

  private async studentId(username: string): Promise<number> {
    const account = await this.accounts.findByUsername(username);
    const id = account?.role === 'ROLE_STUDENT' ? account.id : undefined;
    if (id === undefined) throw notFound('Student not found.');
    return id;
  }

  /**
   * `from` counts from the first moment of its day and `to` up to the last millisecond of its day,
   * both days read in the platform time zone (a tutor in Colombo means Colombo's day).
   */
  async list(username: string, query: WatchTimeQuery): Promise<WatchRecord[] | Page<WatchRecord>> {
    const { timeZone } = this.config;
    const filter: repo.WatchFilter = {
      studentId: this.accounts.studentIdSql(username),
      q: query.q,
      ...(query.from ? { from: instantOf(`${query.from}T00:00`, timeZone) } : {}),
      ...(query.to ? { to: instantOf(`${query.to}T23:59:59.999`, timeZone) } : {}),
    };
    const sort = query.sort ? sortOf(query.sort) : undefined;
    const answer = await pageOrAll(query, {
      page: async (window) =>
        (await repo.listRecords(this.db, { ...filter, sort, ...window })).map((row) => ({
          ...toRecord(row),
          total: row.total,
        })),
      count: () => repo.countRecords(this.db, filter),
    });
    // Records prove the student exists; only an empty answer may be an unknown username (404).
    if ((Array.isArray(answer) ? answer : answer.items).length === 0) await this.studentId(username);
    return answer;
  }

  async totalSeconds(username: string): Promise<number> {
    const seconds = await repo.totalSeconds(this.db, this.accounts.studentIdSql(username));
    if (seconds === null) throw notFound('Student not found.');
    return seconds;
  }

  /** A sitting reported by the student's app; the time is the server's, the name the lecture's. */
  async record(studentId: number, lecture: { id: number; name: string }, watchedDuration: number) {
    return toRecord(
      await repo.insertRecord(this.db, {
        studentId,
        resourceId: lecture.id,
        videoName: lecture.name,
        watchedDuration,
        timestamp: new Date(),
      }),
    );
  }

  async delete(actor: Principal, id: number): Promise<void> {
    const deleted = await this.db.transaction(async (tx) => {
      const row = await repo.deleteRecord(tx, id);
      if (row)
        await audit(tx, actor, 'watchtime.delete', `watchtime:${id}`, {
          studentId: row.studentId,
          videoName: row.videoName,
        });
      return row;
    });
    if (!deleted) throw notFound('Watch time record not found.');
  }
}
