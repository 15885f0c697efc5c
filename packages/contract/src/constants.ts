/** The product's fixed limits and choices (sizes, counts, durations), kept once for server and web. */
export const PAGE_SIZE = {
  courses: 6,
  students: 8,
  watchTime: 5,
  examScores: 5,
  examGroups: 6,
  submissions: 6,
} as const;

export const PAGINATION_WINDOW = 5;
export const SEARCH_DEBOUNCE_MS = 300;
export const STATUS_MESSAGE_CLEAR_MS = 3000;

/** 5 GB, the spec's exact byte count. */
export const MAX_RESOURCE_BYTES = 5_368_709_120;

export const ROLES = ['ROLE_SUPERADMIN', 'ROLE_ADMIN', 'ROLE_STUDENT'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ['ROLE_SUPERADMIN', 'ROLE_ADMIN'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The students' app's languages: English, Sinhala, Tamil (BCP 47 codes, as `Intl` takes them). */
export const LANGUAGES = ['en', 'si', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];

export const ENROLLMENT_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

export const EXAM_TYPES = ['MCQ', 'TRADITIONAL'] as const;
export type ExamType = (typeof EXAM_TYPES)[number];

/** When a student sees the correct answers and feedback of their MCQ: `with-marks` is the behaviour before the setting existed. */
export const REVIEW_AFTER = ['never', 'after-close', 'with-marks'] as const;
export type ReviewAfter = (typeof REVIEW_AFTER)[number];

export const MCQ_OPTION_COUNT = 5;

/** Field length limits the spec leaves open (section 5: "not shown"). */
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 64,
  /** A person's name as staff type it (a student's, in any script). */
  nameMax: 100,
  passwordMin: 6,
  passwordMax: 128,
  titleMax: 200,
  descriptionMax: 5000,
  resourceNameMax: 255,
  urlMax: 2048,
} as const;

/** Storage keys of the spec's session data. */
export const STORAGE_KEYS = { token: 'jwtToken', roles: 'roles' } as const;
