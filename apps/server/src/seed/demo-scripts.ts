import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { ObjectStorage } from '../storage/storage.js';
import { Random } from './random.js';

/**
 * The demo's PART II answer scripts as stored files, so a newcomer has scripts to open, download
 * and mark. Each is a small PDF of two or three pages of written answers, stored under `answers/`
 * as a student's hand-in is; `DEMO_SCRIPT_PREFIX` tells the seed's own from real hand-ins, so
 * `--reset` may delete them.
 */
export const DEMO_SCRIPT_PREFIX = 'answers/demo/';

/**
 * Scripts given a file, at most: every script up to scale 20 or so. At scale 500 (47,000 scripts)
 * storing each would take minutes on S3; the rest stay without a file, as a script sent on paper
 * would, and every exam still has some to mark (they are chosen exam by exam in turn).
 */
export const MAX_DEMO_SCRIPT_FILES = 2000;

const ANSWERS: readonly string[][] = [
  [
    'Q1 (a) Mg(s) + 2HCl(aq) -> MgCl2(aq) + H2(g)',
    'moles of Mg = 0.48 / 24 = 0.020 mol',
    'so moles of H2 = 0.020 mol, volume = 0.020 x 24.0 = 0.48 dm3',
    '(b) the rate falls as the acid is used up; the curve levels off',
  ],
  [
    'Q2 (a) first ionisation energy rises across period 3',
    'nuclear charge increases, electrons are added to the same shell',
    'Al is lower than Mg: the 3p electron is further from the nucleus',
    'S is lower than P: pairing in a 3p orbital gives extra repulsion',
  ],
  [
    'Q3 enthalpy change by Hess cycle',
    'dH = dHf(products) - dHf(reactants)',
    '= (-393.5 x 2 + -285.8 x 3) - (-84.7) = -1559.7 kJ mol-1',
    'the sign is negative: the combustion is exothermic',
  ],
  [
    'Q4 (a) CH3CH2Br + NaOH(aq) -> CH3CH2OH + NaBr, heat under reflux',
    'nucleophilic substitution: OH- attacks the carbon bonded to Br',
    '(b) with ethanolic KOH the elimination gives ethene instead',
    '(c) test: acidified K2Cr2O7 turns from orange to green with the alcohol',
  ],
  [
    'Q5 Kc = [NH3]^2 / [N2][H2]^3',
    'at equilibrium: [N2] = 0.40, [H2] = 1.20, [NH3] = 0.20 mol dm-3',
    'Kc = 0.040 / (0.40 x 1.728) = 0.058 mol-2 dm6',
    'raising the pressure moves the position to the right (fewer moles of gas)',
  ],
  [
    'Q6 buffer: CH3COOH / CH3COO-',
    'pH = pKa + log([A-]/[HA]) = 4.76 + log(0.15/0.10) = 4.94',
    'added H+ is taken up by CH3COO-; added OH- by CH3COOH',
    'so the pH changes very little',
  ],
  [
    'Q7 electrode potentials: Zn2+/Zn -0.76 V, Cu2+/Cu +0.34 V',
    'E cell = 0.34 - (-0.76) = 1.10 V',
    'Zn is oxidised at the negative electrode; Cu2+ is reduced',
    'electrons flow through the wire from Zn to Cu',
  ],
  [
    'Q8 (a) benzene undergoes substitution rather than addition',
    'the delocalised ring of electrons is kept, which is more stable',
    'nitration: conc. HNO3 and conc. H2SO4 at 50 C make NO2+',
    '(b) the electrophile attacks the ring; H+ is lost to restore it',
  ],
];

const LINE_GAP = 26;

export type DemoScript = { username: string; examIdentifier: string; seed: string };

/** A script of two or three pages: the student's name and paper on top, answers written on ruled lines. */
export async function demoScriptPdf(script: DemoScript): Promise<Uint8Array> {
  // Loaded here, not with the module: the server imports the seed command, and pdf-lib is heavy.
  const { degrees, PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const ink = rgb(0.1, 0.16, 0.45);
  const rule = rgb(0.75, 0.82, 0.92);
  const write = (page: PDFPage, font: PDFFont, text: string, x: number, y: number, tilt: number) =>
    page.drawText(text, { x, y, size: 10.5, font, color: ink, rotate: degrees(tilt) });
  const random = new Random(script.seed);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${script.examIdentifier} – ${script.username}`);
  pdf.setCreator('Valence demo seed');
  // Oblique type leaning a little differently on each line reads as handwriting without a font file.
  const font = await pdf.embedFont(StandardFonts.HelveticaOblique);
  const answers = random.shuffled(ANSWERS);
  const pages = random.int(2, 3);
  let next = 0;
  for (let number = 1; number <= pages; number++) {
    const page = pdf.addPage([420, 595]);
    const { width, height } = page.getSize();
    for (let y = height - 70; y > 40; y -= LINE_GAP) {
      page.drawLine({ start: { x: 30, y }, end: { x: width - 30, y }, thickness: 0.5, color: rule });
    }
    write(page, font, `${script.username}   ${script.examIdentifier}   page ${number} of ${pages}`, 36, height - 44, 0);
    let y = height - 70 + 4;
    // Two or three questions a page, each line a little uneven.
    for (let q = 0; q < 3 && next < answers.length && y > 120; q++) {
      for (const line of answers[next] as string[]) {
        write(page, font, line, 36 + random.int(0, 6), y, (random.next() - 0.5) * 1.6);
        y -= LINE_GAP;
      }
      y -= LINE_GAP;
      next++;
    }
  }
  return pdf.save();
}

/**
 * The planned scripts that get a file: exam by exam in turn, so that past the cap every exam still
 * has some. Answers their indexes into `scripts`.
 */
export function scriptsWithFiles(examOf: readonly string[], max = MAX_DEMO_SCRIPT_FILES): number[] {
  const byExam = new Map<string, number[]>();
  for (const [index, exam] of examOf.entries()) {
    const queue = byExam.get(exam);
    if (queue) queue.push(index);
    else byExam.set(exam, [index]);
  }
  const queues = [...byExam.values()];
  const chosen: number[] = [];
  for (let round = 0; chosen.length < max; round++) {
    let any = false;
    for (const queue of queues) {
      const index = queue[round];
      if (index === undefined) continue;
      any = true;
      chosen.push(index);
      if (chosen.length === max) break;
    }
    if (!any) break;
  }
  return chosen.sort((a, b) => a - b);
}

/** Stores one script as a hand-in is stored; answers its key. */
export async function storeDemoScript(storage: ObjectStorage, script: DemoScript): Promise<string> {
  const key = `${DEMO_SCRIPT_PREFIX}${randomUUID()}-script.pdf`;
  const bytes = await demoScriptPdf(script);
  await storage.put(key, Readable.from([Buffer.from(bytes)]), { contentType: 'application/pdf' });
  return key;
}
