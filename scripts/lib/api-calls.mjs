// The portal's read calls that bench:api loads, found on the seeded database as the portal would
// find them: the main theory class (the largest list of enrolments) and one of its students.
// Each call's answer is kept: the bare comparison route serves the very same bytes.

/**
 * Resolves to { calls: [{ name, url, body }], skipped: [name], courseCount, enrolmentCount }.
 * A paged call the server answers unpaged is skipped: nothing new to measure.
 */
/** `BENCH_ONLY=gradebook`: only the calls whose name contains it (a quicker run of one screen). */
const ONLY = process.env.BENCH_ONLY;

export async function findCalls(base, headers) {
  const get = async (url) => {
    const response = await fetch(`${base}${url}`, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, body, json: response.ok ? JSON.parse(body.toString('utf8')) : null };
  };
  const courses = (await get('/api/courses')).json;
  const courseList = Array.isArray(courses) ? courses : (courses?.items ?? []);
  // The seed's first course is its main theory class, the largest list of enrolments.
  const main = courseList.find((course) => course.title === '2026 A/L Chemistry – Theory') ?? courseList[0];
  if (!main) throw new Error('The seeded database has no courses.');
  const enrolled = (await get(`/api/enrollments/course/${main.id}`)).json;
  const pupil = Array.isArray(enrolled) ? enrolled[0] : undefined;

  const examList = await get(`/api/api/v1/exams/course/${main.id}/all`);
  const mcq = Array.isArray(examList.json) ? examList.json.find((exam) => exam.examType === 'MCQ') : undefined;
  const typical = await typicalExam(get, courseList);

  const calls = [];
  const skipped = [];
  const all = [
    ...candidates(main, pupil),
    ...examCalls(main, mcq),
    ...markCalls(mcq, pupil, typical),
    ...(await gradebookCalls(get, courseList)),
  ].filter((call) => !ONLY || call.name.includes(ONLY));
  for (const candidate of all) {
    const answer = await get(candidate.url);
    if (answer.status !== 200) throw new Error(`${candidate.name}: ${answer.status} ${answer.body}`);
    if (candidate.paged && !isPage(answer.json)) skipped.push(candidate.name);
    else calls.push({ ...candidate, body: answer.body });
  }
  return {
    calls,
    skipped,
    courseCount: courseList.length,
    enrolmentCount: Array.isArray(enrolled) ? enrolled.length : (enrolled?.total ?? 0),
  };
}

/** The Manage Exams screen on the main class, and its MCQ paper's questions (50 on the seed). */
function examCalls(main, mcq) {
  const all = `/api/api/v1/exams/course/${main.id}/all`;
  return [
    { name: 'GET /api/api/v1/exams/course/{id}/all', url: all },
    { name: 'GET /api/api/v1/exams/course/{id}/all?limit=6&offset=0', url: `${all}?limit=6&offset=0`, paged: true },
    {
      name: 'GET /api/api/v1/exams/course/{id}/all?limit=6&q=paper',
      url: `${all}?limit=6&offset=0&q=paper`,
      paged: true,
    },
    ...(mcq
      ? [
          { name: 'GET /api/api/v1/exams/{id}', url: `/api/api/v1/exams/${mcq.id}` },
          { name: 'GET /api/api/v1/exams/{id}/mcq-questions', url: `/api/api/v1/exams/${mcq.id}/mcq-questions` },
        ]
      : []),
  ];
}

/**
 * The exam whose script count is nearest 2,000 (the marking goal's size), among the exams of every
 * course; the main class's paper, larger, is measured beside it.
 */
async function typicalExam(get, courseList) {
  let best;
  for (const course of courseList) {
    const exams = (await get(`/api/api/v1/exams/course/${course.id}/all`)).json ?? [];
    for (const exam of exams) {
      if (!best || Math.abs(exam.submissionCount - 2000) < Math.abs(best.submissionCount - 2000)) best = exam;
    }
  }
  return best;
}

/**
 * The marking screens: the scripts of an exam of about 2,000 and of the main class's MCQ paper (every
 * active student's script), and one student's marks.
 */
function markCalls(mcq, pupil, typical) {
  if (!mcq) return [];
  const scripts = (exam) => {
    const url = `/api/api/v1/submissions/exam/${exam.id}`;
    const name = (query) =>
      `GET /api/api/v1/submissions/exam/{id}?limit=6&${query} (${exam.submissionCount.toLocaleString('en-US')} scripts)`;
    return [
      { name: name('offset=0'), url: `${url}?limit=6&offset=0`, paged: true },
      { name: name('q=ka'), url: `${url}?limit=6&offset=0&q=ka`, paged: true },
      { name: name('q=pere'), url: `${url}?limit=6&offset=0&q=pere`, paged: true },
    ];
  };
  return [
    ...(typical ? scripts(typical) : []),
    ...scripts(mcq),
    ...(pupil
      ? [
          {
            name: 'GET /api/api/v1/submissions/admin/student/{id}/marks-summary/{identifier}',
            url: `/api/api/v1/submissions/admin/student/${pupil.studentId}/marks-summary/${encodeURIComponent(mcq.examIdentifier)}`,
          },
          {
            name: 'GET /api/api/v1/exams/student/{id}/score-summary',
            url: `/api/api/v1/exams/student/${pupil.studentId}/score-summary`,
          },
        ]
      : []),
  ];
}

/**
 * The gradebook of the course whose class is nearest 2,000 students (its goal: p99 <= 100 ms at 32
 * connections on PostgreSQL at --scale 500): the first page as it opens, the same page sorted by
 * the first identifier's total (every student's total computed and ordered), and the class figures.
 */
async function gradebookCalls(get, courseList) {
  let best;
  for (const course of courseList) {
    const enrolled = (await get(`/api/enrollments/course/${course.id}?limit=0`)).json?.total ?? 0;
    if (!best || Math.abs(enrolled - 2000) < Math.abs(best.enrolled - 2000)) best = { course, enrolled };
  }
  if (!best) return [];
  const base = `/api/courses/${best.course.id}/gradebook`;
  const first = (await get(`${base}?limit=1`)).json?.columns?.[0]?.examIdentifier;
  const size = `${best.enrolled.toLocaleString('en-US')} students`;
  const goal = { p99: 100, ratio: null };
  return [
    {
      name: `GET /api/courses/{id}/gradebook?limit=20&offset=0 (${size})`,
      url: `${base}?limit=20&offset=0`,
      paged: true,
      goal,
    },
    ...(first
      ? [
          {
            name: `GET /api/courses/{id}/gradebook?limit=20&sort=-total:{identifier} (${size})`,
            url: `${base}?limit=20&offset=0&sort=${encodeURIComponent(`-total:${first}`)}`,
            paged: true,
            goal,
          },
        ]
      : []),
    { name: `GET /api/courses/{id}/gradebook/stats (${size})`, url: `${base}/stats`, goal },
  ];
}

/** A server without paging ignores limit/offset and answers the plain array: nothing new to measure. */
const isPage = (json) =>
  typeof json === 'object' && json !== null && !Array.isArray(json) && 'items' in json && 'total' in json;

function candidates(main, pupil) {
  return [
    { name: 'GET /api/courses', url: '/api/courses' },
    { name: 'GET /api/students', url: '/api/students' },
    { name: 'GET /api/courses/{id}', url: `/api/courses/${main.id}` },
    { name: 'GET /api/enrollments/course/{id}', url: `/api/enrollments/course/${main.id}` },
    { name: 'GET /api/courses?limit=6&offset=0', url: '/api/courses?limit=6&offset=0', paged: true },
    // The Students screen: its first page, then searches. Two letters match a fifth of the students
    // and every one is looked at to count them (a count the server keeps); four use the trigram index.
    { name: 'GET /api/students?limit=8&offset=0', url: '/api/students?limit=8&offset=0', paged: true },
    { name: 'GET /api/students?limit=8&offset=0&q=ka', url: '/api/students?limit=8&offset=0&q=ka', paged: true },
    { name: 'GET /api/students?limit=8&offset=0&q=pere', url: '/api/students?limit=8&offset=0&q=pere', paged: true },
    {
      name: 'GET /api/enrollments/course/{id}?limit=8&offset=0',
      url: `/api/enrollments/course/${main.id}?limit=8&offset=0`,
      paged: true,
    },
    // The Students screen with one student chosen.
    ...(pupil
      ? [
          { name: 'GET /api/enrollments/student/{id}', url: `/api/enrollments/student/${pupil.studentId}` },
          { name: 'GET /api/api/watchtime/total/{username}', url: `/api/api/watchtime/total/${pupil.studentUsername}` },
          {
            name: 'GET /api/api/watchtime/{username}?limit=5&offset=0',
            url: `/api/api/watchtime/${pupil.studentUsername}?limit=5&offset=0`,
            paged: true,
          },
          {
            name: 'GET /api/api/watchtime/{username}?limit=5&q=organic&sort=videoName',
            url: `/api/api/watchtime/${pupil.studentUsername}?limit=5&offset=0&q=organic&sort=videoName`,
            paged: true,
          },
        ]
      : []),
  ];
}
