import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from '../lib/content-disposition.js';
import { networkFailureCode } from '../lib/db-errors.js';
import { createS3UploadStore, uploadRecordKey } from './s3-upload-store.js';
import {
  assertSafeKey,
  type ByteRange,
  type ListedObject,
  ObjectNotFoundError,
  type ObjectStorage,
  StorageUnavailableError,
  type UploadStoreOptions,
} from './storage.js';

export type S3Settings = {
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
};

/**
 * How long connecting to the store may take: an endpoint that drops packets would otherwise hold a
 * request for the system's TCP timeout (minutes). Only the connection is timed, not the transfer,
 * which may idle while a slow viewer catches up.
 */
const CONNECT_TIMEOUT_MS = 5000;

function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  };
}

/**
 * Whether an S3 call failed because the store is away rather than because of what was asked: the
 * connection failed or timed out, or the store answered 5xx (after the SDK's own retries).
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (networkFailureCode(error)) return true;
  const { name, $metadata } = error as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  if (name === 'TimeoutError') return true;
  const status = $metadata?.httpStatusCode;
  return typeof status === 'number' && status >= 500;
}

/** Runs an S3 call; the store being away is answered 503 (StorageUnavailableError), not 500. */
async function reaching<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw isStoreUnavailable(error) ? new StorageUnavailableError(error) : error;
  }
}

export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client(s3ClientConfig(settings));
  }

  async put(key: string, body: Readable, options?: { contentType?: string }): Promise<void> {
    // Multipart upload streams in parts, so memory stays flat for large objects.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: assertSafeKey(key), Body: body, ContentType: options?.contentType },
    });
    await reaching(() => upload.done());
  }

  async get(key: string, range?: ByteRange) {
    try {
      const result = await reaching(() =>
        this.client.send(
          new GetObjectCommand({
            Bucket: this.settings.bucket,
            Key: assertSafeKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        ),
      );
      const size = range
        ? Number(result.ContentRange?.split('/')[1] ?? result.ContentLength)
        : Number(result.ContentLength);
      return { stream: result.Body as Readable, size, contentType: result.ContentType };
    } catch (error) {
      if (error instanceof NoSuchKey || error instanceof NotFound) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string) {
    try {
      const head = await reaching(() =>
        this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: assertSafeKey(key) })),
      );
      return { size: Number(head.ContentLength ?? 0) };
    } catch (error) {
      if (error instanceof NotFound || error instanceof NoSuchKey) return null;
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) return null;
      throw error;
    }
  }

  async *list(): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await reaching(() =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken: token })),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key;
        // The tus store's record (<key>.info) and unfinished part (<key>.part) go with their object.
        if (!key || key.endsWith('.info') || key.endsWith('.part')) continue;
        yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async delete(key: string): Promise<void> {
    await reaching(() =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: assertSafeKey(key) })),
    );
    await reaching(() =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: uploadRecordKey(key) })),
    );
  }

  createUploadStore(options: UploadStoreOptions) {
    return createS3UploadStore({ config: s3ClientConfig(this.settings), bucket: this.settings.bucket }, options);
  }

  async signedUrl(key: string, options: { ttlSeconds: number; fileName?: string }): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: assertSafeKey(key),
      ...(options.fileName ? { ResponseContentDisposition: contentDisposition(options.fileName, 'inline') } : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: options.ttlSeconds });
  }
}
