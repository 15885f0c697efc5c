import {
  type Course,
  type RecordWatch,
  type Resource,
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
    const lecture = await this.resources.findLecture(input.resourceId);
    if (!lecture) throw notFound('Resource not found.');
    if (!(await this.enrollments.isActive(student.id, lecture.courseId))) throw forbidden(NOT_ENROLLED);
    if (!lecture.live) throw forbidden('This lecture is not available now.');
    const most = lecture.duration + WATCH_MARGIN_SECONDS;
    if (input.watchedDuration > most) {
      throw badRequest(
        `watchedDuration must be at most the lecture's length plus ${WATCH_MARGIN_SECONDS} seconds (${most} seconds).`,
      );
    }
    return this.watchTime.record(student.id, lecture, input.watchedDuration);
  }
}
