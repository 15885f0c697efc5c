import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentImportRefusal, StudentImportResult } from '@valence/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusOutlet } from '../../../components/status-outlet';
import { writeSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { stubApi } from '../../../test/stub-api';
import { ImportStudentsDialog } from './import-students-dialog';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const row = (number: number, username: string, changes: Partial<StudentImportResult['rows'][number]> = {}) => ({
  row: number,
  username,
  name: null,
  generatePassword: true,
  course: null,
  courseId: null,
  courseTitle: null,
  problems: [],
  ...changes,
});

const clean: StudentImportResult = {
  format: 'csv',
  rows: [
    row(2, 'nimal.p', {
      name: 'Nimal Perera',
      generatePassword: false,
      course: 'Revision',
      courseId: 4,
      courseTitle: 'Revision',
    }),
    row(3, 'kavya.s'),
  ],
  problems: [],
  unlistedProblems: 0,
  problemCount: 0,
  dryRun: true,
  created: [],
};

const refused: StudentImportRefusal = {
  format: 'csv',
  rows: [row(2, 'nimal.p'), row(3, 'NIMAL.P', { problems: ["Row 3: Username 'NIMAL.P' is also on row 2."] })],
  problems: [],
  unlistedProblems: 0,
  problemCount: 1,
  message: 'The file has 1 problem; nobody was imported.',
};

const IMPORT = 'POST /students/import';

function setup(dryRun: { status: number; body: unknown }, save?: { status: number; body: unknown }) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  const api = stubApi({ [`${IMPORT}?dryRun=true`]: dryRun, ...(save ? { [IMPORT]: save } : {}) });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const onClose = vi.fn();
  renderWithProviders(
    <>
      <StatusOutlet />
      <ImportStudentsDialog opened onClose={onClose} />
    </>,
  );
  return { ...api, onClose, user: userEvent.setup() };
}

async function check(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText('Student file'), new File(['username\n'], 'class.csv', { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Check file' }));
}

describe('ImportStudentsDialog', () => {
  it('shows a refused check row by row and offers no import', async () => {
    const { user, forms } = setup({ status: 400, body: refused });
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    await check(user);
    expect(await screen.findByText('The file has 1 problem; nobody was imported.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Students in the file' });
    expect(within(table).getByText("Row 3: Username 'NIMAL.P' is also on row 2.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import students' })).toBeDisabled();
    expect(forms.map((sent) => sent.path)).toEqual(['/students/import?dryRun=true']);
    expect((forms[0]?.form.get('file') as File | undefined)?.name).toBe('class.csv');
  });

  it('imports a clean file and shows the generated passwords once, with a CSV of them', async () => {
    const created = [
      { id: 31, username: 'nimal.p', name: 'Nimal Perera', password: null, courseId: 4, courseTitle: 'Revision' },
      { id: 32, username: 'kavya.s', name: null, password: 'Gen3rated-pw_x', courseId: null, courseTitle: null },
    ];
    const { user, forms, onClose } = setup(
      { status: 200, body: clean },
      { status: 201, body: { ...clean, dryRun: false, created } },
    );
    await check(user);
    expect(
      await screen.findByText('2 students read without a problem. Nobody is created until you import.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Students in the file' });
    expect(within(table).getByText('From the file')).toBeInTheDocument();
    expect(within(table).getByText('Generated')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 2 students' }));
    const list = await screen.findByRole('table', { name: 'Imported students' });
    expect(within(list).getByText('Gen3rated-pw_x')).toBeInTheDocument();
    expect(within(list).getByText('as in the file')).toBeInTheDocument();
    expect(screen.getAllByText('2 students imported.').length).toBeGreaterThan(0);
    expect(forms.map((sent) => sent.path)).toEqual(['/students/import?dryRun=true', '/students/import']);

    // jsdom makes no object URLs and downloads nothing: keep what the browser would be handed.
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = (blob: Blob) => {
          saved.push(blob);
          return 'blob:students';
        };
        static override revokeObjectURL = () => {};
      },
    );
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloads).toEqual(['imported-students.csv']);
    expect(await saved[0]?.text()).toBe(
      'username,name,password,course\r\nnimal.p,Nimal Perera,,Revision\r\nkavya.s,,Gen3rated-pw_x,\r\n',
    );
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });
});
