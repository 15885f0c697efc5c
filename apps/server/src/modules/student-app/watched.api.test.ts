import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { watchTime } from '../../db/schema.js';
import { enrol } from '../../test/exams.js';
import { expectStatus, useTestApp } from '../../test/harness.js';
import { addLecture, daysFromNow } from '../../test/lectures.js';

const t = useTestApp();

describe("a course's lectures carry the seconds the student has played", () => {
  it('counts each part once across viewings, a whole record by its length, and only their own', async () => {
    const staff = (await t.login('ROLE_ADMIN', 'watched-tutor')).headers;
    const pupil = await t.login('ROLE_STUDENT', 'watched-pupil');
    const other = await t.login('ROLE_STUDENT', 'watched-other');
    const course = (await t.createCourse(staff, 'Physical chemistry')).id;
    await enrol(t, staff, course, pupil.id);
    await enrol(t, staff, course, other.id);
    const lecture = async (name: string) =>
      addLecture(t, staff, { courseId: course, name, liveAt: daysFromNow(-1), duration: 120 });
    const viewed = await lecture('Enthalpy');
    const posted = await lecture('Entropy');
    const untouched = await lecture('Kinetics');
    const viewing = (studentId: number, resourceId: number, segments: [number, number][], seconds: number) => ({
      studentId,
      resourceId,
      videoName: 'x',
      watchedDuration: seconds,
      viewingKey: randomUUID(),
      segments,
    });
    await t.database.db.insert(watchTime).values([
      viewing(
        pupil.id,
        viewed,
        [
          [0, 30],
          [50, 60],
        ],
        40,
      ),
      // Watched again from 20 s: only 30–40 is new.
      viewing(pupil.id, viewed, [[20, 40]], 20),
      // A player reporting a hair past the end counts to the end only.
      viewing(pupil.id, posted, [[110, 125]], 15),
      { studentId: pupil.id, resourceId: posted, videoName: 'Entropy', watchedDuration: 100 },
      viewing(other.id, untouched, [[0, 120]], 120),
    ]);

    const lectures = expectStatus<{ id: number; watchedSeconds: number }[]>(
      await t.call('GET', `/api/me/courses/${course}/resources`, pupil.headers),
      200,
    );
    const watched = Object.fromEntries(lectures.map((row) => [row.id, row.watchedSeconds]));
    expect(watched).toEqual({ [viewed]: 50, [posted]: 100, [untouched]: 0 });
  });
});
