import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CourseCoverage as Coverage, LEGACY_NOTE, type StudentCoverage } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { writeSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { stubApi } from '../../../test/stub-api';
import { CourseCoverage } from './course-coverage';
import { StudentCoverageButton } from './student-coverage-dialog';

const COURSE: Coverage = {
  courseId: 7,
  enrolled: 4,
  lectures: [
    {
      lectureId: 1,
      title: 'Alkanes',
      length: 100,
      opened: 3,
      averageCoverage: 0.6333,
      dropOff: [...Array(11).fill(1), ...Array(10).fill(0.5)],
      dropOffBase: 2,
      legacy: 1,
      notWatched: { total: 3, items: [{ id: 9, username: 'dilini', name: 'Dilini Silva' }] },
    },
  ],
};

const STUDENT: StudentCoverage = {
  studentId: 9,
  username: 'kasun',
  name: null,
  courses: [
    {
      courseId: 7,
      title: 'Organic chemistry',
      lectures: [
        { lectureId: 1, title: 'Alkanes', length: 100, opened: true, coverage: 0.5, legacy: false },
        { lectureId: 2, title: 'Alkenes', length: 200, opened: false, coverage: 0, legacy: false },
      ],
    },
  ],
};

describe('watch coverage', () => {
  it("shows each lecture's openers, average coverage, drop-off and who has not watched it", async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    stubApi({ 'GET /courses/7/watch-coverage': { body: COURSE } });
    renderWithProviders(<CourseCoverage courseId={7} />);
    const table = await screen.findByRole('table', { name: 'Watch coverage by lecture' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Alkanes');
    expect(row).toHaveTextContent('3 of 4');
    expect(row).toHaveTextContent('63%');
    expect(within(row).getByRole('img')).toHaveAccessibleName(
      'Still watching: 100% at the start, 100% halfway, 50% at the end',
    );
    expect(screen.getByText(new RegExp(LEGACY_NOTE.replace('.', '\\.')))).toBeInTheDocument();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Not watched: Alkanes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not watched: Alkanes' });
    expect(dialog).toHaveTextContent(
      '3 enrolled students have no watch record of this lecture (the first 1 by username).',
    );
    expect(within(dialog).getByText('dilini (Dilini Silva)')).toBeInTheDocument();
  });

  it("opens a student's coverage of each lecture of each course", async () => {
    writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
    stubApi({ 'GET /students/9/watch-coverage': { body: STUDENT } });
    renderWithProviders(<StudentCoverageButton studentId={9} username="kasun" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Watch coverage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Watch coverage: kasun' });
    const rows = within(
      await within(dialog).findByRole('table', { name: 'Coverage in Organic chemistry' }),
    ).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Alkanes1m 40s50%');
    expect(rows[2]).toHaveTextContent('Alkenes3m 20sNot watched');
    expect(dialog).toHaveTextContent(LEGACY_NOTE);
  });
});
