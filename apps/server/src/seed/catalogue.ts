/** What the demo courses are made of: the A/L chemistry syllabus, papers, years and venues. */
const PHYSICAL = [
  'Atomic structure',
  'Structure and bonding',
  'Chemical calculations and the mole',
  'Gaseous state of matter',
  'Energetics',
  'Chemical kinetics',
  'Chemical equilibrium',
  'Ionic equilibrium in aqueous solutions',
  'Phase equilibria and Raoult’s law',
  'Electrochemistry',
] as const;

const INORGANIC = [
  's-block elements',
  'p-block elements',
  'd-block elements and complex ions',
  'Qualitative analysis of cations',
  'Industrial chemistry',
  'Environmental chemistry and pollution',
] as const;

const ORGANIC = [
  'Basic concepts of organic chemistry',
  'Hydrocarbons',
  'Halohydrocarbons',
  'Alcohols, phenols and ethers',
  'Aldehydes and ketones',
  'Carboxylic acids and their derivatives',
  'Amines and diazonium salts',
  'Organic reaction mechanisms',
  'Polymers',
] as const;

const SYLLABUS = [...PHYSICAL.slice(0, 5), ...INORGANIC.slice(0, 3), ...ORGANIC.slice(0, 4), ...PHYSICAL.slice(5)];

const PAPERS = [
  'Part I (MCQ) discussion',
  'Part II A structured essay discussion',
  'Part II B essay discussion',
  'Model paper discussion',
  'Marking scheme walk-through',
] as const;

export type CourseKind = {
  /** In the title: "2026 A/L Chemistry – {label}". */
  label: string;
  describe: (context: { year: number; venue: string; medium: string }) => string;
  /** The name of the n-th lesson (1-based) of a course of this kind. */
  lesson: (n: number, year: number) => string;
};

const topicLesson = (prefix: string, topics: readonly string[]) => (n: number) =>
  `${prefix} ${String(n).padStart(2, '0')} – ${topics[(n - 1) % topics.length]}`;

export const KINDS = {
  theory: {
    label: 'Theory',
    describe: ({ year, venue, medium }) =>
      `The full ${year} A/L chemistry syllabus in weekly two-hour lessons, with a tute for every unit and a past-paper question at the end of each lesson. ${medium} medium; ${venue}.`,
    lesson: topicLesson('Lesson', SYLLABUS),
  },
  revision: {
    label: 'Revision',
    describe: ({ year, venue, medium }) =>
      `A fast second pass over the syllabus for the ${year} examination: one unit a week, short notes, and the mistakes markers see most often. ${medium} medium; ${venue}.`,
    lesson: topicLesson('Revision', SYLLABUS),
  },
  paper: {
    label: 'Paper Class',
    describe: ({ year, venue, medium }) =>
      `Timed paper practice for ${year} candidates: a full past or model paper each week, marked against the official scheme and discussed the next day. ${medium} medium; ${venue}.`,
    lesson: (n, year) =>
      `${year - 1 - Math.floor((n - 1) / PAPERS.length)} A/L paper – ${PAPERS[(n - 1) % PAPERS.length]}`,
  },
  organic: {
    label: 'Organic Chemistry Revision',
    describe: ({ year, venue, medium }) =>
      `Organic chemistry from functional groups to mechanisms and conversions, the part of the ${year} paper most students lose marks on. ${medium} medium; ${venue}.`,
    lesson: topicLesson('Organic', ORGANIC),
  },
  physical: {
    label: 'Physical Chemistry Paper Class',
    describe: ({ year, venue, medium }) =>
      `Calculations, graphs and structured questions of physical chemistry, drilled on past papers for the ${year} examination. ${medium} medium; ${venue}.`,
    lesson: topicLesson('Physical', PHYSICAL),
  },
  inorganic: {
    label: 'Inorganic Chemistry Seminar',
    describe: ({ year, venue, medium }) =>
      `The s, p and d blocks, qualitative analysis and industrial processes for the ${year} examination, with colour charts to keep. ${medium} medium; ${venue}.`,
    lesson: topicLesson('Inorganic', INORGANIC),
  },
  practical: {
    label: 'Practical Workshop',
    describe: ({ year, venue, medium }) =>
      `The prescribed practicals done on camera: titrations, tests for ions and organic compounds, and how the ${year} paper asks about them. ${medium} medium; ${venue}.`,
    lesson: topicLesson('Practical', [...INORGANIC.slice(3, 4), ...PHYSICAL.slice(7, 9), ...ORGANIC.slice(3, 6)]),
  },
  mcq: {
    label: 'MCQ Speed Drills',
    describe: ({ year, venue, medium }) =>
      `Fifty multiple-choice questions against the clock every week, with the shortcuts that save minutes in the ${year} Part I paper. ${medium} medium; ${venue}.`,
    lesson: topicLesson('MCQ drill', SYLLABUS),
  },
} satisfies Record<string, CourseKind>;

export type KindName = keyof typeof KINDS;

/** A row of the table below. */
function flagship(title: string, kind: KindName, year: number, venue: string, medium: string) {
  return { title, kind, year, venue, medium };
}

/** The classes every demo has, in this order: the first is the tutor's main (largest) class. */
export const FLAGSHIP_COURSES = [
  flagship('2026 A/L Chemistry – Theory', 'theory', 2026, 'Colombo hall and online', 'Sinhala'),
  flagship('Organic Chemistry Revision', 'organic', 2026, 'online', 'English'),
  flagship('Physical Chemistry Paper Class', 'physical', 2026, 'Colombo hall', 'Sinhala'),
  flagship('2027 A/L Chemistry – Theory', 'theory', 2027, 'Colombo hall and online', 'Sinhala'),
  flagship('2026 A/L Chemistry – Revision', 'revision', 2026, 'online', 'Tamil'),
  flagship('Inorganic Chemistry Seminar', 'inorganic', 2026, 'Kandy hall', 'English'),
];

/** Further classes at larger scales: every year, kind, town and medium. */
export const YEARS = [2026, 2027, 2028] as const;
export const VENUES = [
  'Online',
  'Colombo',
  'Kandy',
  'Galle',
  'Jaffna',
  'Kurunegala',
  'Matara',
  'Gampaha',
  'Negombo',
  'Batticaloa',
  'Anuradhapura',
  'Ratnapura',
] as const;
export const MEDIA = ['Sinhala', 'Tamil', 'English'] as const;
