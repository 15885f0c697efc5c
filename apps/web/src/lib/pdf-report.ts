import { formatInTimeZone, type InstituteSettings } from '@valence/contract';
import type { jsPDF } from 'jspdf';
import type { RowInput, UserOptions } from 'jspdf-autotable';

/** The institute's details as a PDF heads with them: the logo read into the page already. */
export type InstituteHeading = {
  name: string;
  address: string;
  contact: string;
  logo: { dataUrl: string; format: 'PNG' | 'JPEG' } | null;
};

let cached: { session: string; heading: Promise<InstituteHeading | null> } | undefined;

async function dataUrlOf(url: string): Promise<string | null> {
  const response = await fetch(url);
  if (!response.ok) return null;
  const blob = await response.blob();
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });
}

/**
 * The heading, read once per session (`session`: the signed-in token) and kept: every PDF of the
 * session reuses it. A failure to read it makes PDFs without it rather than no PDF, and is tried
 * again next time.
 */
export function loadInstituteHeading(
  session: string | undefined,
  read: () => Promise<InstituteSettings>,
): Promise<InstituteHeading | null> {
  if (!session) return Promise.resolve(null);
  if (cached?.session === session) return cached.heading;
  const heading = (async () => {
    const settings = await read();
    const logo =
      settings.logoUrl && settings.logoType
        ? await dataUrlOf(settings.logoUrl)
            .then((dataUrl) =>
              dataUrl ? { dataUrl, format: settings.logoType === 'png' ? ('PNG' as const) : ('JPEG' as const) } : null,
            )
            .catch(() => null)
        : null;
    return { name: settings.name, address: settings.address, contact: settings.contact, logo };
  })().catch(() => {
    cached = undefined;
    return null;
  });
  cached = { session, heading };
  return heading;
}

/** Forgets the kept heading: the superadmin has just changed it. */
export function forgetInstituteHeading() {
  cached = undefined;
}

/** The portal's accent (teal), the same on every report so a parent recognises them. */
export const REPORT_ACCENT: [number, number, number] = [12, 133, 153];
const INK: [number, number, number] = [33, 37, 41];
const MUTED: [number, number, number] = [110, 117, 125];
const MARGIN = 40;
/** Room kept free at the foot of every page for the page number. */
const FOOTER = 48;

/** A part of a report's file name: anything but letters and digits made an underscore, safe in any file system. */
export const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9]/g, '_');

/** "2026-03-02 05:30 (Asia/Colombo)": reports say when they were made, in the platform time zone. */
export const generatedAt = (now: Date, timeZone: string) =>
  `${formatInTimeZone(now.toISOString(), timeZone)} (${timeZone})`;

export type ReportHeader = {
  title: string;
  details: [label: string, value: string][];
  /** The institute's logo, name, address and contact above the title (`loadInstituteHeading`). */
  institute?: InstituteHeading | null;
};

/** A report being written top to bottom; `finish` numbers the pages once their count is known. */
export type PdfReport = {
  doc: jsPDF;
  heading: (text: string) => void;
  /** A table under the last thing written, in the report's style, continued on new pages. */
  table: (options: UserOptions) => void;
  /** Label and value pairs as a two-column table: one part's details. */
  fields: (rows: [label: string, value: string][]) => void;
  note: (text: string) => void;
  finish: () => jsPDF;
};

/**
 * Starts a report with its title and details under an accent band. jsPDF and its table plugin load
 * only here, when a report is asked for, so they never weigh on the portal's first load.
 */
export async function startReport(header: ReportHeader): Promise<PdfReport> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  let y = drawHeader(doc, header, width);

  // A heading or note must not be left alone at the foot of a page, away from what it introduces.
  const room = (needed: number) => {
    if (y + needed <= height - FOOTER) return;
    doc.addPage();
    y = MARGIN;
  };
  const table = (options: UserOptions) => {
    autoTable(doc, {
      theme: 'grid',
      startY: y,
      margin: { left: MARGIN, right: MARGIN, top: MARGIN, bottom: FOOTER },
      styles: { fontSize: 10, cellPadding: 6, textColor: INK, lineColor: [222, 226, 230], lineWidth: 0.5 },
      headStyles: { fillColor: REPORT_ACCENT, textColor: 255, fontStyle: 'bold' },
      alternateRowStyles: { fillColor: [243, 248, 249] },
      ...options,
    });
    y = (lastTableEnd(doc) ?? y) + 18;
  };

  return {
    doc,
    heading: (text) => {
      room(60);
      doc
        .setFont('helvetica', 'bold')
        .setFontSize(13)
        .setTextColor(...INK);
      doc.text(text, MARGIN, y + 4);
      y += 14;
    },
    table,
    fields: (rows) =>
      table({
        body: rows as RowInput[],
        theme: 'plain',
        styles: { fontSize: 10, cellPadding: 5, textColor: INK },
        columnStyles: { 0: { cellWidth: 130, fontStyle: 'bold', textColor: MUTED } },
        alternateRowStyles: { fillColor: [243, 248, 249] },
      }),
    note: (text) => {
      const lines = doc
        .setFont('helvetica', 'normal')
        .setFontSize(9)
        .splitTextToSize(text, width - 2 * MARGIN);
      room(lines.length * 12);
      doc.setTextColor(...MUTED).text(lines, MARGIN, y);
      y += lines.length * 12 + 6;
    },
    finish: () => numberPages(doc, header.title, width, height),
  };
}

/** The institute's block under the accent band; answers where the title goes below it. */
function drawInstitute(doc: jsPDF, institute: InstituteHeading, width: number): number {
  const top = 26;
  let textX = MARGIN;
  let bottom = top;
  if (institute.logo) {
    try {
      const { width: w, height: h } = doc.getImageProperties(institute.logo.dataUrl);
      const scale = Math.min(110 / w, 50 / h, 1);
      doc.addImage(institute.logo.dataUrl, institute.logo.format, MARGIN, top, w * scale, h * scale);
      textX = MARGIN + w * scale + 14;
      bottom = top + h * scale;
    } catch {
      // A logo jsPDF cannot read leaves the heading without it.
    }
  }
  const textWidth = width - MARGIN - textX;
  let y = top + 12;
  if (institute.name) {
    doc
      .setFont('helvetica', 'bold')
      .setFontSize(14)
      .setTextColor(...INK);
    const lines = doc.splitTextToSize(institute.name, textWidth);
    doc.text(lines, textX, y);
    y += lines.length * 16;
  }
  doc
    .setFont('helvetica', 'normal')
    .setFontSize(9)
    .setTextColor(...MUTED);
  for (const text of [institute.address, institute.contact]) {
    if (!text) continue;
    const lines = doc.splitTextToSize(text, textWidth);
    doc.text(lines, textX, y);
    y += lines.length * 11;
  }
  const end = Math.max(bottom, y - 6) + 10;
  doc
    .setDrawColor(222, 226, 230)
    .setLineWidth(0.5)
    .line(MARGIN, end, width - MARGIN, end);
  return end;
}

function drawHeader(doc: jsPDF, header: ReportHeader, width: number): number {
  doc.setFillColor(...REPORT_ACCENT).rect(0, 0, width, 8, 'F');
  const institute = header.institute;
  const hasInstitute = !!institute && !!(institute.logo || institute.name || institute.address || institute.contact);
  // Without the institute's details the title keeps its old place, so old reports look the same.
  const offset = hasInstitute ? drawInstitute(doc, institute, width) - 14 : 0;
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(20)
    .setTextColor(...INK);
  doc.text(header.title, MARGIN, 52 + offset);
  let y = 78 + offset;
  doc.setFontSize(11);
  for (const [label, value] of header.details) {
    doc
      .setFont('helvetica', 'bold')
      .setTextColor(...MUTED)
      .text(`${label}:`, MARGIN, y);
    doc
      .setFont('helvetica', 'normal')
      .setTextColor(...INK)
      .text(value, MARGIN + 110, y);
    y += 17;
  }
  doc
    .setDrawColor(...REPORT_ACCENT)
    .setLineWidth(1)
    .line(MARGIN, y, width - MARGIN, y);
  return y + 24;
}

/** "Page 2 of 3" on every page, and the title, so a loose page still says what it belongs to. */
function numberPages(doc: jsPDF, title: string, width: number, height: number): jsPDF {
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc
      .setFont('helvetica', 'normal')
      .setFontSize(9)
      .setTextColor(...MUTED);
    doc.text(title, MARGIN, height - 22);
    doc.text(`Page ${page} of ${pages}`, width - MARGIN, height - 22, { align: 'right' });
  }
  return doc;
}

const lastTableEnd = (doc: jsPDF) => (doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY;
