import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { DataStore } from '@tus/server';
import type { UploadStoreOptions } from './storage.js';

/** S3 parts are staged on disk by the S3 store; 8 MiB keeps the part count of a 5 GB file < 10 000. */
const S3_PART_SIZE = 8 * 1024 * 1024;

/** The object the tus S3 store keeps beside each upload (offset, length, metadata). */
export const uploadRecordKey = (key: string) => `${key}.info`;

export async function createS3UploadStore(
  client: { config: S3ClientConfig; bucket: string },
  options: UploadStoreOptions,
): Promise<DataStore> {
  // Loaded here rather than with the module: the storage unit tests and the CLI never upload.
  const { S3Store } = await import('@tus/s3-store');
  return new S3Store({
    partSize: S3_PART_SIZE,
    expirationPeriodInMilliseconds: options.expirationPeriodInMilliseconds,
    // Parts wait in temporary files, not memory; a few at a time is plenty for one upload stream.
    maxConcurrentPartUploads: 6,
    s3ClientConfig: {
      ...client.config,
      bucket: client.bucket,
      // Parts go up as streams; with the SDK's default checksums those are sent aws-chunked with a
      // trailing CRC, which not every S3-compatible store decodes (s3rver stores the framing as
      // data). Checksums only where the API demands them keeps the bytes exact everywhere.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
}
