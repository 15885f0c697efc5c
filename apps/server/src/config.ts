import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_ANSWER_MAX_BYTES, MAX_DEVICE_LIMIT } from '@valence/contract';
import { z } from 'zod';

/** Tokens and download links are signed with HMAC-SHA256: a shorter key is guessable. */
export const MIN_SECRET_BYTES = 32;

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  API_PREFIX: z
    .string()
    .default('/api')
    .refine((value) => value === '' || /^\/[A-Za-z0-9/_-]*[^/]$/.test(value), {
      message: "must be empty or a path like '/api' (leading slash, no trailing slash)",
    }),
  // Set but empty would mean the current folder, which the server would then close to others and fill.
  DATA_DIR: z.string().min(1, 'must be a folder path (leave it unset for ./data)').default('./data'),
  DATABASE_URL: optionalString.refine((value) => !value || /^postgres(ql)?:\/\//.test(value), {
    message: 'must be a postgres:// or postgresql:// URL',
  }),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  S3_ENDPOINT: optionalString,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  JWT_SECRET: optionalString.refine((value) => !value || Buffer.byteLength(value) >= MIN_SECRET_BYTES, {
    message: `must be at least ${MIN_SECRET_BYTES} characters`,
  }),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  DOWNLOAD_LINK_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .max(7 * 24 * 3600)
    .default(3600),
  ANSWER_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(DEFAULT_ANSWER_MAX_BYTES),
  PART2_UPLOAD_GRACE_MINUTES: z.coerce.number().int().min(0).max(120).default(10),
  MAX_DEVICES_PER_STUDENT: z.coerce.number().int().min(1).max(MAX_DEVICE_LIMIT).default(2),
  TIME_ZONE: z
    .string()
    .default('Asia/Colombo')
    .refine(
      (value) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: value });
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must be an IANA time zone such as Asia/Colombo' },
    ),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  TRUST_PROXY: optionalString.transform((value, ctx) => {
    const parsed = parseTrustProxy(value);
    if (parsed === null) {
      ctx.addIssue({
        code: 'custom',
        message: "must be 'true', 'false', a number of proxy hops, or a comma-separated list of addresses/CIDRs",
      });
      return z.NEVER;
    }
    return parsed;
  }),
  FFMPEG_PATH: optionalString,
  FFPROBE_PATH: optionalString,
  TRANSCODE_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(1),
  HLS_LINK_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
});

/** What Fastify's `trustProxy` takes: whom to believe about the client's address. */
export type TrustProxy = boolean | number | string[];

/** `undefined`/`false`: no proxy, the socket's address is the client's. null: not understood. */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address, bits, ...rest] = entry.split('/');
    if (rest.length > 0 || !address) return false;
    const version = isIP(address);
    if (version === 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
  });
  return valid ? entries : null;
}

export type Config = {
  port: number;
  host: string;
  apiPrefix: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections the server keeps open; unset, db/client.ts's default. */
  databasePoolSize: number | undefined;
  s3:
    | {
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  jwtSecret: string | undefined;
  tokenTtlHours: number;
  downloadLinkTtlSeconds: number;
  /** The largest PART II answer script a student may upload. */
  answerMaxBytes: number;
  /** A PART II script whose upload began before the student's deadline is taken until this long after it. */
  part2UploadGraceMinutes: number;
  /** Devices a student may be signed in on at once, unless the Settings screen sets another number. */
  maxDevicesPerStudent: number;
  timeZone: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /** ffmpeg and ffprobe: the given paths, else found on PATH when the server starts (streaming/ffmpeg.ts). */
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  /** Transcodes this server runs at once; 0 runs none (another server takes them). */
  transcodeConcurrency: number;
  /** How long a student's signed HLS address lasts; every playlist rewrite signs its children afresh. */
  hlsLinkTtlSeconds: number;
  trustProxy: TrustProxy;
  webDist: string | undefined;
};

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the boot with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const anyS3 = e.S3_ENDPOINT || e.S3_BUCKET || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY;
  if (anyS3 && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when any S3_* setting is given');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    apiPrefix: e.API_PREFIX,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    jwtSecret: e.JWT_SECRET,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    downloadLinkTtlSeconds: e.DOWNLOAD_LINK_TTL_SECONDS,
    answerMaxBytes: e.ANSWER_MAX_BYTES,
    part2UploadGraceMinutes: e.PART2_UPLOAD_GRACE_MINUTES,
    maxDevicesPerStudent: e.MAX_DEVICES_PER_STUDENT,
    timeZone: e.TIME_ZONE,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    transcodeConcurrency: e.TRANSCODE_CONCURRENCY,
    hlsLinkTtlSeconds: e.HLS_LINK_TTL_SECONDS,
    trustProxy: e.TRUST_PROXY ?? false,
    webDist: e.WEB_DIST,
  };
}
