import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parseAiken } from './aiken.js';
import { parseCsv } from './csv.js';
import { detectFormat, parseQuestionFile } from './detect.js';
import { parseGift } from './gift.js';
import { parseXlsx } from './xlsx.js';

const HEADER = 'question,option1,option2,option3,option4,option5,correct,image';

describe('CSV', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, and correct as a number or a letter', () => {
    const csv = [
      HEADER,
      '"Balance \\ce{H2 + O2 -> H2O}, then pick the coefficient of ""O2"".",1,2,3,4,5,3,',
      '"Which is a noble gas?\nChoose one.",He,"Na, sodium",Cl,O,N,A,argon.png',
      '',
      'What is $\\pu{25 °C}$ in K?,298 K,25 K,0 K,273 K,300 K,c,',
    ].join('\r\n');
    const parsed = parseCsv(csv);
    expect(parsed.problems).toEqual([]);
    expect(parsed.questions).toEqual([
      {
        line: null,
        row: 2,
        questionText: 'Balance \\ce{H2 + O2 -> H2O}, then pick the coefficient of "O2".',
        options: ['1', '2', '3', '4', '5'],
        correctIndex: 2,
        image: null,
      },
      {
        line: null,
        row: 3,
        questionText: 'Which is a noble gas?\nChoose one.',
        options: ['He', 'Na, sodium', 'Cl', 'O', 'N'],
        correctIndex: 0,
        image: 'argon.png',
      },
      {
        line: null,
        row: 5,
        questionText: 'What is $\\pu{25 °C}$ in K?',
        options: ['298 K', '25 K', '0 K', '273 K', '300 K'],
        correctIndex: 2,
        image: null,
      },
    ]);
  });

  it('names the row of a correct value it cannot read, and a header without the columns', () => {
    const parsed = parseCsv(`${HEADER}\nQ1,a,b,c,d,e,1,\nQ2,a,b,c,d,e,F,\n`);
    expect(parsed.problems.map((problem) => problem.message)).toEqual([
      'Row 3: correct must be a number from 1 to 5 or a letter from A to E, not "F".',
    ]);
    expect(parsed.questions[1]?.correctIndex).toBeNull();
    const noHeader = parseCsv('question,a,b\nQ,1,2\n');
    expect(noHeader.questions).toEqual([]);
    expect(noHeader.problems[0]?.message).toMatch(/^Row 1: The header must name the columns .*option1.*are missing\.$/);
  });

  it('reads semicolon-separated files as Excel writes them in some regions, and a byte-order mark', () => {
    const parsed = parseCsv(`\uFEFF${HEADER.replaceAll(',', ';')}\nQ;a;b;c;d;e;5;\n`);
    expect(parsed.problems).toEqual([]);
    expect(parsed.questions[0]?.correctIndex).toBe(4);
  });
});

describe('XLSX', () => {
  it('reads a workbook made by exceljs: strings, numbers, rich text and an empty row', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Questions');
    sheet.addRow(['Question', 'Option1', 'Option2', 'Option3', 'Option4', 'Option5', 'Correct', 'Image']);
    sheet.addRow(['Which ion is \\ce{SO4^2-}?', 'sulfate', 'sulfite', 'sulfide', 'thiosulfate', 'persulfate', 1]);
    sheet.addRow([]);
    sheet.addRow([
      { richText: [{ text: 'pH of ' }, { text: '0.01 M', font: { bold: true } }, { text: ' HCl?' }] },
      2,
      3,
      4,
      5,
      6,
      'B',
      'ph.png',
    ]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const parsed = await parseXlsx(bytes);
    expect(parsed.problems).toEqual([]);
    expect(parsed.questions).toEqual([
      {
        line: null,
        row: 2,
        questionText: 'Which ion is \\ce{SO4^2-}?',
        options: ['sulfate', 'sulfite', 'sulfide', 'thiosulfate', 'persulfate'],
        correctIndex: 0,
        image: null,
      },
      {
        line: null,
        row: 4,
        questionText: 'pH of 0.01 M HCl?',
        options: ['2', '3', '4', '5', '6'],
        correctIndex: 1,
        image: 'ph.png',
      },
    ]);
    expect(detectFormat(bytes, 'anything.bin')).toEqual({ format: 'xlsx', text: '' });
  });

  it('reports a zip that is no workbook instead of throwing', async () => {
    const parsed = await parseXlsx(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect(parsed.problems.map((problem) => problem.message)).toEqual([
      'The file could not be read as an XLSX workbook.',
    ]);
  });
});

const AIKEN = `Which of these is an alkali metal?
A. Calcium
B. Potassium
C. Iron
D. Zinc
E. Copper
ANSWER: B

What is the product of \\ce{2H2 + O2 ->}?
Write it as $\\ce{H2O}$.
A) \\ce{H2O2}
B) \\ce{2H2O}
C) \\ce{O3}
D) \\ce{2OH-}
E) \\ce{H3O+}
ANSWER: b
`;

describe('Aiken', () => {
  it('reads questions of one line or more, options A. or A), and the answer letter in any case', () => {
    const parsed = parseAiken(AIKEN);
    expect(parsed.problems).toEqual([]);
    expect(parsed.questions).toEqual([
      {
        line: 1,
        row: null,
        questionText: 'Which of these is an alkali metal?',
        options: ['Calcium', 'Potassium', 'Iron', 'Zinc', 'Copper'],
        correctIndex: 1,
        image: null,
      },
      {
        line: 9,
        row: null,
        questionText: 'What is the product of \\ce{2H2 + O2 ->}?\nWrite it as $\\ce{H2O}$.',
        options: ['\\ce{H2O2}', '\\ce{2H2O}', '\\ce{O3}', '\\ce{2OH-}', '\\ce{H3O+}'],
        correctIndex: 1,
        image: null,
      },
    ]);
    expect(detectFormat(new TextEncoder().encode(AIKEN), 'quiz.txt')).toMatchObject({ format: 'aiken' });
  });

  it('names the line of a missing answer, a stray line and an answer out of range', () => {
    const parsed = parseAiken(
      'Q one\nA. a\nB. b\nnot an option\nC. c\nD. d\nE. e\nANSWER: Z\n\nQ two\nA. a\nB. b\nC. c\nANSWER: E\n\nQ three\nA. a\n',
    );
    expect(parsed.problems.map((problem) => problem.message)).toEqual([
      'Line 4: Expected option C. or the ANSWER: line; an option must be on one line.',
      'Line 8: ANSWER: must be a letter from A to E, not "Z".',
      'Line 14: ANSWER: E names an option the question does not have.',
      'Line 16: This question has no ANSWER: line after its options.',
    ]);
    expect(parsed.questions.map((question) => question.options.length)).toEqual([5, 3, 1]);
  });
});

const GIFT = `// Chemistry set 3, made in Moodle
$CATEGORY: $course$/Chemistry

::Q1 hydrogen:: Which gas burns with a squeaky pop? {
  =hydrogen # right: it burns
  ~oxygen # it relights a splint
  ~carbon dioxide
  ~nitrogen
  ~chlorine
}

// a comment between questions
::Q2:: [html]Balance \\ce{Fe + O2 -> Fe2O3}\\: the coefficient of \\ce{O2} is {~1 ~2 =3 ~4 ~6}

::Escapes:: What is 1 \\= 1 \\{really\\} \\#1 \\~ all? {=$\\{1, 2\\}$ ~\\ce{A + B = C} ~\\frac{a}{b} ~\\\\ line ~%0%none}

::TF:: Water boils at 100 °C at sea level. {T}

::Short:: Symbol of sodium? {=Na =na}

::Four:: Pick one {=a ~b ~c ~d}
`;

describe('GIFT', () => {
  it('reads multiple choice with titles, comments, feedback and format markers left out, TeX kept byte for byte', () => {
    const parsed = parseGift(GIFT);
    expect(parsed.questions.slice(0, 3)).toEqual([
      {
        line: 4,
        row: null,
        questionText: 'Which gas burns with a squeaky pop?',
        options: ['hydrogen', 'oxygen', 'carbon dioxide', 'nitrogen', 'chlorine'],
        correctIndex: 0,
        image: null,
      },
      {
        line: 13,
        row: null,
        questionText: 'Balance \\ce{Fe + O2 -> Fe2O3}: the coefficient of \\ce{O2} is',
        options: ['1', '2', '3', '4', '6'],
        correctIndex: 2,
        image: null,
      },
      {
        line: 15,
        row: null,
        questionText: 'What is 1 = 1 {really} #1 ~ all?',
        options: ['$\\{1, 2\\}$', '\\ce{A + B = C}', '\\frac{a}{b}', '\\\\ line', 'none'],
        correctIndex: 0,
        image: null,
      },
    ]);
  });

  it('refuses other kinds and multiple choice without five options, each with its line', () => {
    const parsed = parseGift(GIFT);
    expect(parsed.problems.map((problem) => problem.message)).toEqual([
      'Line 17: This is a true/false question: only multiple-choice questions with five options can be imported.',
      'Line 19: This is a short-answer question: only multiple-choice questions with five options can be imported.',
      'Line 21: A multiple-choice question must have exactly 5 options to be imported; this one has 4.',
    ]);
    expect(parsed.questions).toHaveLength(4);
    expect(parseGift('Just a description line').problems[0]?.message).toBe(
      'Line 1: This item has no answers in { }: only multiple-choice questions can be imported.',
    );
    expect(parseGift('Open {=a ~b').problems[0]?.message).toBe(
      'Line 1: The answers opened with { are never closed with }.',
    );
  });

  it('is told from Aiken and CSV by its content', async () => {
    expect(detectFormat(new TextEncoder().encode(GIFT), 'set3.txt')).toMatchObject({ format: 'gift' });
    expect(detectFormat(new TextEncoder().encode(`${HEADER}\n`), 'upload')).toMatchObject({ format: 'csv' });
    expect(detectFormat(new TextEncoder().encode('hello'), 'a.txt')).toMatch(/not one of the formats/);
    expect(detectFormat(new Uint8Array([0xff, 0xfe, 0x41]), 'a.csv')).toMatch(/UTF-8/);
    const parsed = await parseQuestionFile(new TextEncoder().encode(GIFT), 'set3.gift');
    expect(typeof parsed === 'string' ? parsed : parsed.format).toBe('gift');
  });
});
