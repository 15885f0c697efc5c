import {
  HEARTBEAT_END_TOLERANCE_SECONDS,
  HEARTBEAT_FIRST_BEAT_SECONDS,
  HEARTBEAT_SLACK_SECONDS,
  type Heartbeat,
  type HeartbeatAnswer,
  instantOf,
  MAX_PLAYBACK_RATE,
  type Page,
  type ResumePoint,
  sortOf,
  type WatchRecord,
  type WatchTimeQuery,
} from '@valence/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { countOf } from '../../db/rows.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { pageOrAll, StreamedList, searchValue, searchWay } from '../../lib/paging.js';
import type { Principal } from '../../lib/principal.js';
import type { AccountsService } from '../accounts/service.js';
import { courseTitleOfLecture } from './reads-lecture-courses.js';
import * as repo from './repository.js';
import { clampSegments, mergeSegments, unionLength } from './segments.js';

/**
 * Separate parts one viewing may hold. An honest viewing has a few (one per seek); the cap keeps a
 * client sending thousands of slivers from growing a row without end.
 */
export const MAX_VIEWING_SEGMENTS = 1000;

/**
 * Viewings of one lecture by one student whose playing may be counted over the same stretch of time:
 * a reload or a second device starts another viewing while the last one's beats are still recent.
 * A beat of any further viewing is taken but counts nothing, so many viewings at once cannot multiply
 * a student's seconds.
 */
export const MAX_CONCURRENT_VIEWINGS = 3;

/** The wall-clock time a first beat may account for: it has no earlier beat to measure from. */
const FIRST_BEAT_ALLOWANCE = HEARTBEAT_FIRST_BEAT_SECONDS + HEARTBEAT_SLACK_SECONDS;

/** The lecture a heartbeat is about, as the resources module reports it. */
export type BeatLecture = { id: number; name: string; duration: number };

const seconds = (value: number) => `${Math.round(value * 10) / 10}`;

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
  /** The watch report's pages and counts, built once per way (see repo.recordStatements). */
  private readonly records: ReturnType<typeof repo.recordStatements>;

  constructor({ db, accounts, config }: Pick<FastifyInstance, 'db' | 'accounts' | 'config'>) {
    this.db = db;
    this.accounts = accounts;
    this.config = config;
    this.records = repo.recordStatements({
      studentId: accounts.studentIdSql(sql.placeholder('username')),
      courseTitleOf: courseTitleOfLecture,
    });
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
  async list(username: string, query: WatchTimeQuery): Promise<StreamedList<WatchRecord> | Page<WatchRecord>> {
    const { timeZone } = this.config;
    const values = {
      username,
      q: searchValue(query.q),
      from: query.from ? instantOf(`${query.from}T00:00`, timeZone).toISOString() : null,
      to: query.to ? instantOf(`${query.to}T23:59:59.999`, timeZone).toISOString() : null,
    };
    const sort = query.sort ? sortOf(query.sort) : undefined;
    const answer = await pageOrAll(query, {
      page: async (window) => {
        const page = this.records.page(this.db, repo.watchPageWay(sort, query.q), window);
        const rows = await page.execute({ ...values, ...window });
        return rows.map((row) => ({ ...toRecord(row), courseTitle: row.courseTitle, total: row.total }));
      },
      count: () => countOf(this.records.count(this.db, searchWay(query.q)).execute(values)),
    });
    // Records prove the student exists; only an empty answer may be an unknown username (404).
    if ((answer instanceof StreamedList ? answer.firstPage : answer.items).length === 0) await this.studentId(username);
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

  /**
   * One heartbeat of a viewing: its first beat creates the record, later ones add their segments to
   * it. A refused beat changes nothing. The rules:
   * - every segment lies within the lecture (a hair past the end is cut off), and so does the position;
   * - no faster than real time: the seconds played in this beat (its segments' union) are at most the
   *   wall-clock seconds since the viewing's last playing beat (times MAX_PLAYBACK_RATE) plus the
   *   slack; a first beat has no earlier beat, so it may report HEARTBEAT_FIRST_BEAT_SECONDS plus the
   *   slack;
   * - nor over the whole viewing: its watchedDuration is at most the wall-clock seconds since its
   *   first beat (times MAX_PLAYBACK_RATE) plus the first beat's allowance, so the slack counts once
   *   however many beats are sent;
   * - the record's watchedDuration is the union of every segment of the viewing, so a part watched
   *   twice counts once, and it never exceeds the lecture's length;
   * - at most MAX_CONCURRENT_VIEWINGS viewings of the lecture count the same stretch of time: a beat
   *   that would add seconds while that many other viewings of the student's had a playing beat since
   *   this one's last (or, for a first beat, within its allowance) is taken but adds nothing. A new
   *   viewing is then not stored; a stored one has its position and beat time moved, so the time it
   *   was not counted for is spent and its next beat is measured from now.
   * Only a beat that adds seconds not counted yet moves the viewing's beat time. A pause report (no
   * segments) moves only the position: were it to restart the clock, the seconds played between the
   * last beat and the pause, reported by the next beat, would be measured against the short time
   * since the pause and refused. Over a viewing the counted seconds still never outrun the wall
   * clock, since every counted second is measured against time no other beat has used. A beat whose
   * segments are all counted already (a retry whose answer was lost, a re-watch) is taken the same
   * way: it cannot add a second, so it is not refused for speed.
   */
  async beat(studentId: number, lecture: BeatLecture, beat: Omit<Heartbeat, 'token'>): Promise<HeartbeatAnswer> {
    const { duration } = lecture;
    const limit = duration + HEARTBEAT_END_TOLERANCE_SECONDS;
    for (const [from, to] of beat.segments) {
      if (!(from < to)) throw badRequest(`A segment must end after it starts: [${from}, ${to}] does not.`);
      if (to > limit) {
        throw badRequest(`Segment [${from}, ${to}] is out of range: the lecture is ${seconds(duration)} seconds long.`);
      }
    }
    if (beat.position > limit) {
      throw badRequest(`position ${beat.position} is out of range: the lecture is ${seconds(duration)} seconds long.`);
    }
    const segments = mergeSegments(clampSegments(beat.segments, duration));
    const played = unionLength(segments);
    const position = Math.min(beat.position, duration);
    const tooFast = (allowed: number) =>
      badRequest(
        `This heartbeat reports ${seconds(played)} seconds played, more than the ${seconds(allowed)} seconds that passed since the viewing's last heartbeat: it is not counted.`,
      );
    /** Fewer than MAX_CONCURRENT_VIEWINGS other viewings played during the last `within` seconds. */
    const mayCount = async (tx: DbOrTx, within: number) => {
      await repo.lockStudentViewings(tx, studentId);
      const others = await repo.viewingsPlayedWithin(tx, {
        studentId,
        resourceId: lecture.id,
        viewingKey: beat.viewingKey,
        seconds: within,
      });
      return others < MAX_CONCURRENT_VIEWINGS;
    };

    return this.db.transaction(async (tx) => {
      let viewing = await repo.lockViewing(tx, studentId, beat.viewingKey);
      if (!viewing) {
        if (played > FIRST_BEAT_ALLOWANCE) throw tooFast(FIRST_BEAT_ALLOWANCE);
        if (played > 0 && !(await mayCount(tx, FIRST_BEAT_ALLOWANCE))) return { watchedDuration: 0 };
        const watchedDuration = Math.min(played, duration);
        const created = await repo.insertViewing(tx, {
          studentId,
          resourceId: lecture.id,
          videoName: lecture.name,
          viewingKey: beat.viewingKey,
          segments,
          watchedDuration,
          position,
        });
        if (created) return { watchedDuration };
        // Another beat of this viewing created it meanwhile: this one is a later beat after all.
        viewing = await repo.lockViewing(tx, studentId, beat.viewingKey);
        if (!viewing) throw conflict('This viewing changed meanwhile; send the heartbeat again.');
      }
      if (viewing.resourceId !== lecture.id) {
        throw conflict('This viewingKey belongs to a viewing of another lecture; start a new viewing.');
      }
      const stored = viewing.segments ?? [];
      const union = mergeSegments([...stored, ...segments]);
      const watchedDuration = Math.min(unionLength(union), duration);
      const adds = watchedDuration > viewing.watchedDuration;
      let counted = adds;
      if (adds) {
        const elapsed = Math.max(0, viewing.elapsed ?? 0);
        const allowed = elapsed * MAX_PLAYBACK_RATE + HEARTBEAT_SLACK_SECONDS;
        if (played > allowed) throw tooFast(allowed);
        const most = Math.max(0, viewing.age) * MAX_PLAYBACK_RATE + FIRST_BEAT_ALLOWANCE;
        if (watchedDuration > most) {
          throw badRequest(
            `This heartbeat would bring the viewing to ${seconds(watchedDuration)} seconds played, more than the ${seconds(most)} seconds it may count since it began: it is not counted.`,
          );
        }
        if (union.length > MAX_VIEWING_SEGMENTS) {
          throw badRequest(`This viewing has more than ${MAX_VIEWING_SEGMENTS} separate parts; start a new viewing.`);
        }
        counted = await mayCount(tx, elapsed);
      }
      await repo.updateViewing(tx, viewing.id, {
        segments: counted ? union : stored,
        watchedDuration: counted ? watchedDuration : viewing.watchedDuration,
        position,
        // Counted or not, the time since the last playing beat is spent (see above).
        played: adds,
      });
      return { watchedDuration: counted ? watchedDuration : viewing.watchedDuration };
    });
  }

  /** Where the student's latest heartbeat viewing of the lecture stopped; null when they have none. */
  async resumePoint(studentId: number, lectureId: number): Promise<ResumePoint> {
    const latest = await repo.latestPosition(this.db, studentId, lectureId);
    return { position: latest?.position ?? null };
  }

  /**
   * How much of each lecture the student has played, by lecture id: the parts played in all their
   * viewings taken together, so a part watched twice counts once; a record posted whole, which does
   * not say which part, counts as its own length when that is more. Never more than the lecture.
   */
  async watchedSeconds(
    studentId: number,
    lectures: readonly { id: number; duration: number }[],
  ): Promise<Map<number, number>> {
    const watched = new Map<number, number>();
    if (lectures.length === 0) return watched;
    const rows = await repo.playedOf(
      this.db,
      studentId,
      lectures.map((lecture) => lecture.id),
    );
    for (const lecture of lectures) {
      const own = rows.filter((row) => row.resourceId === lecture.id);
      const played = unionLength(
        clampSegments(
          own.flatMap((row) => row.segments ?? []),
          lecture.duration,
        ),
      );
      const whole = Math.max(0, ...own.filter((row) => !row.segments).map((row) => row.seconds));
      watched.set(lecture.id, Math.min(lecture.duration, Math.max(played, whole)));
    }
    return watched;
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
