import { MARKING_MESSAGES, SUBMISSION_MESSAGES } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { parseMarksCsv } from './marks-csv.js';

const known = (username: string) => ['amara', 'dilan', 'erandi'].includes(username);

describe('parseMarksCsv', () => {
  it('reads the columns in any order and case, and counts lines as the file has them', () => {
    const csv = [
      '\uFEFFFeedback,USERNAME,Score',
      '"Good, clear",Amara,72.5',
      '',
      '"Two',
      'lines",dilan,abc',
      ',erandi,100.001',
      ',zed,5',
      'again,AMARA,1',
      'x,erandi,1,extra',
    ].join('\r\n');
    expect(parseMarksCsv(csv, known)).toEqual({
      lines: [{ username: 'amara', traditionalScore: 72.5, instructorFeedback: 'Good, clear' }],
      rows: 6,
      errors: [
        { line: 4, message: SUBMISSION_MESSAGES.scoreNumber },
        { line: 6, message: SUBMISSION_MESSAGES.scoreRange },
        { line: 7, message: 'zed has no script in this exam.' },
        { line: 8, message: 'AMARA has more than one line.' },
        { line: 9, message: 'This line has more columns than the header.' },
      ],
    });
  });

  it('takes an empty score as unmarked and an empty feedback as none, as the grade dialog does', () => {
    expect(parseMarksCsv('username,score,feedback\ndilan,,\n', known)).toEqual({
      lines: [{ username: 'dilan', traditionalScore: null, instructorFeedback: null }],
      rows: 1,
      errors: [],
    });
  });

  it('takes scores of two decimals such as 8.2 and 4.35 as those numbers, and refuses a third decimal', () => {
    expect(parseMarksCsv('username,score,feedback\namara,8.2,\ndilan,8.201,\nerandi, 4.35 ,\n', known)).toEqual({
      lines: [
        { username: 'amara', traditionalScore: 8.2, instructorFeedback: null },
        { username: 'erandi', traditionalScore: 4.35, instructorFeedback: null },
      ],
      rows: 3,
      errors: [{ line: 3, message: SUBMISSION_MESSAGES.scoreRange }],
    });
  });

  it('needs all three columns', () => {
    expect(parseMarksCsv('username,score\namara,50\n', known)).toEqual({
      lines: [],
      rows: 0,
      errors: [{ line: 1, message: MARKING_MESSAGES.marksCsvHeader }],
    });
    expect(parseMarksCsv('', known).errors).toEqual([{ line: 1, message: MARKING_MESSAGES.marksCsvHeader }]);
  });
});
