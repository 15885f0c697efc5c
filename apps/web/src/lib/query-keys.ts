import type { PageRequest } from './paging';

/**
 * Every query key the portal uses, in one place. Features invalidate each other's data only
 * through these (a pause changes the course's enrolments too), never by spelling a key by hand.
 * Each entity's keys share its first element, so `keys.courses.all` invalidates all of them.
 */
export const keys = {
  me: ['me'] as const,
  settings: ['settings'] as const,
  staff: ['staff'] as const,
  courses: {
    all: ['courses'] as const,
    lists: ['courses', 'list'] as const,
    page: (request: PageRequest) => ['courses', 'list', request] as const,
    count: ['courses', 'count'] as const,
    detail: (id: number) => ['courses', id] as const,
  },
  enrollments: {
    all: ['enrollments'] as const,
    ofCourse: (courseId: number) => ['enrollments', 'course', courseId] as const,
    pageOfCourse: (courseId: number, request: PageRequest) => ['enrollments', 'course', courseId, request] as const,
  },
  students: {
    all: ['students'] as const,
    count: ['students', 'count'] as const,
    page: (request: PageRequest) => ['students', 'list', request] as const,
    assignableTo: (courseId: number) => ['students', 'assignable', courseId] as const,
    assignable: (courseId: number, q: string) => ['students', 'assignable', courseId, q] as const,
  },
};
