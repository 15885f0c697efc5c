import {
  type Course,
  formatInTimeZone,
  type Heartbeat,
  type HeartbeatAnswer,
  type RecordWatch,
  type Resource,
  type ResumePoint,
  WATCH_MARGIN_SECONDS,
  type WatchRecord,
} from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { Principal } from '../../lib/principal.js';
import type { AccountsService } from '../accounts/service.js';
import type { CoursesService } from '../courses/service.js';
import type { EnrollmentsService } from '../enrollments/service.js';
import type { ResourcesService } from '../resources/service.js';
import type { WatchTimeService } from '../watch-time/service.js';
import { licensedPdfQuery } from './licensed-pdf.js';

const NOT_ENROLLED = 'You are not enrolled in this course.';

type Deps = Pick<
  FastifyInstance,
  'courses' | 'enrollments' | 'resources' | 'watchTime' | 'accounts' | 'signingSecret' | 'config'
>;

const PDF = 'application/pdf';
const isVideo = (lecture: { type: string }) => lecture.type.startsWith('video/');

/**
 * The students' app: a student sees only their own courses (an ACTIVE enrolment; a paused course
 * has none), the lectures already live there, and reports their own watch time.
 */
export class StudentAppService {
  private readonly courses: CoursesService;
  private readonly enrollments: EnrollmentsService;
  private readonly resources: ResourcesService;
  private readonly watchTime: WatchTimeService;
  private readonly accounts: AccountsService;
  private readonly deps: Pick<Deps, 'signingSecret' | 'config'>;

  constructor({ courses, enrollments, resources, watchTime, accounts, signingSecret, config }: Deps) {
    this.courses = courses;
    this.enrollments = enrollments;
    this.resources = resources;
    this.watchTime = watchTime;
    this.accounts = accounts;
    this.deps = { signingSecret, config };
  }

  async myCourses(student: Principal): Promise<Course[]> {
    return this.courses.listByIds(await this.enrollments.activeCourseIds(student.id));
  }

  async myLectures(student: Principal, courseId: number): Promise<Resource[]> {
    await this.courses.get(courseId);
    if (!(await this.enrollments.isActive(student.id, courseId))) throw forbidden(NOT_ENROLLED);
    const lectures = await this.resources.liveForCourse(courseId, student.id);
    const watched = await this.watchTime.watchedSeconds(student.id, lectures);
    const pdfIds = lectures.filter((lecture) => lecture.type === PDF).map((lecture) => lecture.id);
    const pdfs = new Set(pdfIds.length > 0 ? await this.resources.storedOfType(pdfIds, PDF) : []);
    const expires = Math.floor(Date.now() / 1000) + this.deps.config.downloadLinkTtlSeconds;
    const watermark = lectures.some(isVideo) ? await this.watermarkOf(student) : undefined;
    return lectures.map((lecture) => ({
      ...lecture,
      ...(watermark && isVideo(lecture) ? { watermark } : {}),
      // A stored PDF is opened through the student's own stamped copy, never the original's link.
      ...(pdfs.has(lecture.id)
        ? {
            url: `${this.deps.config.apiPrefix}/me/lectures/${lecture.id}/licensed.pdf?${licensedPdfQuery(this.deps.signingSecret, lecture.id, student.id, expires)}`,
          }
        : {}),
      watchedSeconds: watched.get(lecture.id) ?? 0,
    }));
  }

  /** What the player prints over the student's videos: the username, and the name when set. */
  private async watermarkOf(student: Principal): Promise<string> {
    const name = (await this.accounts.findById(student.id))?.name?.trim();
    return name && name !== student.username ? `${student.username} · ${name}` : student.username;
  }

  /**
   * A live lecture PDF of one of the student's active courses, with what to stamp on it: the
   * student's name (the username when there is none), today's date in the platform time zone and
   * the student's language (the stamp's words).
   */
  async licensedPdf(studentId: number, lectureId: number) {
    const lecture = await this.watchableLecture({ id: studentId }, lectureId);
    const objectKey = await this.resources.storedKey(lectureId, PDF);
    if (!objectKey) throw notFound('This lecture has no PDF.');
    const [account, settings] = await Promise.all([
      this.accounts.findById(studentId),
      this.accounts.findSettings(studentId),
    ]);
    if (!account) throw notFound('Student not found.');
    const date = formatInTimeZone(new Date().toISOString(), this.deps.config.timeZone).slice(0, 10);
    const holder = account.name?.trim() || account.username;
    return { objectKey, name: lecture.name, holder, date, language: settings?.language ?? null };
  }

  /**
   * A sitting of a lecture the student may watch now, no longer than the lecture plus a margin (a
   * report beyond that is a broken or dishonest client, and would inflate the tutor's figures).
   */
  async recordWatch(student: Principal, input: RecordWatch): Promise<WatchRecord> {
    const lecture = await this.watchableLecture(student, input.resourceId);
    const most = lecture.duration + WATCH_MARGIN_SECONDS;
    if (input.watchedDuration > most) {
      throw badRequest(
        `watchedDuration must be at most the lecture's length plus ${WATCH_MARGIN_SECONDS} seconds (${most} seconds).`,
      );
    }
    return this.watchTime.record(student.id, lecture, input.watchedDuration);
  }

  /** A heartbeat of a viewing of a lecture the student may watch now (the rules: WatchTimeService.beat). */
  async heartbeat(student: Principal, lectureId: number, beat: Omit<Heartbeat, 'token'>): Promise<HeartbeatAnswer> {
    const lecture = await this.watchableLecture(student, lectureId);
    return this.watchTime.beat(student.id, lecture, beat);
  }

  /** Where the student's latest viewing of the lecture stopped, for the player to start there. */
  async resumePoint(student: Principal, lectureId: number): Promise<ResumePoint> {
    await this.watchableLecture(student, lectureId);
    return this.watchTime.resumePoint(student.id, lectureId);
  }

  /** A lecture of one of the student's active courses that is live now: else 404 or 403. */
  private async watchableLecture(student: Pick<Principal, 'id'>, lectureId: number) {
    const lecture = await this.resources.findLecture(lectureId);
    if (!lecture) throw notFound('Resource not found.');
    if (!(await this.enrollments.isActive(student.id, lecture.courseId))) throw forbidden(NOT_ENROLLED);
    if (!lecture.live) throw forbidden('This lecture is not available now.');
    return lecture;
  }
}
