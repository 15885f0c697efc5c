import { parentPort } from 'node:worker_threads';
import type { PdfJob, PdfReply } from './lib/pdf-worker.js';

/** The PDF thread (see `lib/pdf-worker.ts`): draws each job it is sent and answers its bytes or why not. */

async function render(job: PdfJob): Promise<Uint8Array> {
  switch (job.kind) {
    case 'marked-paper': {
      const { renderMarkedPaper } = await import('./modules/marking/render-marked-paper.js');
      return renderMarkedPaper(job.input);
    }
    case 'report-pack': {
      const { renderReportPack } = await import('./modules/reports/pack-pdf.js');
      return renderReportPack(job.data, job.header);
    }
    case 'report': {
      const { renderReport } = await import('./lib/pdf-type/report-document.js');
      return renderReport(job.report);
    }
    case 'licence-stamp': {
      const { stampLicence } = await import('./modules/resources/licence-stamp.js');
      return stampLicence(job.input);
    }
  }
}

const port = parentPort;
port?.on('message', async (job: PdfJob) => {
  let reply: PdfReply;
  try {
    const bytes = await render(job);
    reply = { ok: true, bytes };
  } catch (error) {
    const unreadable = error instanceof Error && error.name === 'UnreadableScriptError';
    reply = { ok: false, unreadable, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply, reply.ok ? [reply.bytes.buffer as ArrayBuffer] : []);
});
