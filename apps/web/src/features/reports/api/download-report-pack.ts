import { client, file } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { failureWith, mutationHook } from '../../../lib/mutation';

export type ReportPackVariables = { studentId: number; username: string };

/** The student's report pack, made on the server, handed to the browser's download. */
export async function downloadReportPack({ studentId, username }: ReportPackVariables): Promise<void> {
  const { blob, fileName } = await file(
    client.GET('/students/{studentId}/report-pack.pdf', { params: { path: { studentId } }, parseAs: 'blob' }),
  );
  saveBlob(blob, fileName ?? `report-pack-${username}.pdf`);
}

export const useDownloadReportPack = mutationHook(downloadReportPack, () => ({
  meta: { error: failureWith('Error making the report pack') },
}));
