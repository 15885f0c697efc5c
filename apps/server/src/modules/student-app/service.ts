import {
  type Course,
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
import type { CoursesService } from '../courses/service.js';
import type { EnrollmentsService } from '../enrollments/service.js';
import type { ResourcesService } from '../resources/service.js';
import type { WatchTimeService } from '../watch-time/service.js';

const NOT_ENROLLED = 'You are not enrolled in this course.';

type Deps = Pick<FastifyInstance, 'courses' | 'enrollments' | 'resources' | 'watchTime'>;

/**
 * The students' app: a student sees only their own courses (an ACTIVE enrolment; a paused course
 * has none), the lectures already live there, and reports their own watch time.
 */
export class StudentAppService {
  private readonly courses: CoursesService;
  private readonly enrollments: EnrollmentsService;
  private readonly resources: ResourcesService;
  private readonly watchTime: WatchTimeService;

  constructor({ courses, enrollments, resources, watchTime }: Deps) {
    this.courses = courses;
    this.enrollments = enrollments;
    this.resources = resources;
    this.watchTime = watchTime;
  }

  async myCourses(student: Principal): Promise<Course[]> {
    return this.courses.listByIds(await this.enrollments.activeCourseIds(student.id));
  }

  async myLectures(student: Principal, courseId: number): Promise<Resource[]> {
    await this.courses.get(courseId);
    if (!(await this.enrollments.isActive(student.id, courseId))) throw forbidden(NOT_ENROLLED);
    return this.resources.liveForCourse(courseId);
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
  private async watchableLecture(student: Principal, lectureId: number) {
    const lecture = await this.resources.findLecture(lectureId);
    if (!lecture) throw notFound('Resource not found.');
    if (!(await this.enrollments.isActive(student.id, lecture.courseId))) throw forbidden(NOT_ENROLLED);
    if (!lecture.live) throw forbidden('This lecture is not available now.');
    return lecture;
  }
}
