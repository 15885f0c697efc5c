import { client, file } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { failureWith, mutationHook } from '../../../lib/mutation';

export type GradebookFormat = 'csv' | 'xlsx';
export type ExportGradebookVariables = { courseId: number; format: GradebookFormat };

/**
 * Downloads the whole gradebook. The file is fetched with the token (a plain link cannot carry the
 * Bearer header), as the question export does, then handed to the browser's download.
 */
export async function exportGradebook({ courseId, format }: ExportGradebookVariables): Promise<void> {
  const path = format === 'csv' ? '/courses/{id}/gradebook.csv' : '/courses/{id}/gradebook.xlsx';
  const { blob, fileName } = await file(client.GET(path, { params: { path: { id: courseId } }, parseAs: 'blob' }));
  saveBlob(blob, fileName ?? `course-${courseId}-gradebook.${format}`);
}

export const useExportGradebook = mutationHook(exportGradebook, () => ({
  meta: {
    success: ({ format }: ExportGradebookVariables) => `Gradebook downloaded as ${format.toUpperCase()}.`,
    error: failureWith('Error downloading the gradebook'),
  },
}));
