import { parseArgs } from 'node:util';
import { newPasswordSchema } from '@valence/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ensureSuperadmin } from '../bootstrap.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { generatePassword, hashPassword } from '../lib/passwords.js';
import { isEntryPoint, runCommand } from '../lib/run-command.js';
import { AccountsService } from '../modules/accounts/service.js';
import { consoleIo, type OpsCommand, runOpsCommand, TOLD_ERRORS } from '../ops/ops-command.js';
import type { OpsIo } from '../ops/ops-io.js';
import { findAppStudent } from './app-student.js';
import { MAX_SCALE } from './plan.js';
import { type SeedCounts, SeedRefused, seedDemo, seedPlan } from './seed.js';
import { DEFAULT_STUDENT_PASSWORD, LABELS, number, usage } from './seed-usage.js';

/** ensureSuperadmin reports through a Fastify logger; here only its warnings are worth showing. */
const quietLog = {
  info: () => undefined,
  warn: (message: string) => console.warn(message),
} as unknown as FastifyBaseLogger;

type SeedArgs = {
  scale: number;
  studentPassword: string;
  reset: boolean;
  env: NodeJS.ProcessEnv;
};

/** Reads the arguments; a number is the exit code when there is nothing to seed (help, a mistake). */
function parseSeedArgs(argv: string[], io: OpsIo): SeedArgs | number {
  let values: {
    scale?: string;
    reset?: boolean;
    password?: string;
    'database-url'?: string;
    'data-dir'?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        scale: { type: 'string' },
        reset: { type: 'boolean' },
        password: { type: 'string' },
        'database-url': { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage()}`);
    return 2;
  }
  if (values.help) {
    io.out(usage());
    return 0;
  }
  const scale = Number(values.scale ?? 1);
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE) {
    io.err(`--scale must be a whole number from 1 to ${MAX_SCALE}.\n\n${usage()}`);
    return 2;
  }
  const studentPassword = values.password ?? DEFAULT_STUDENT_PASSWORD;
  const checked = newPasswordSchema.safeParse(studentPassword);
  if (!checked.success) {
    io.err(`--password: ${checked.error.issues[0]?.message}`);
    return 2;
  }
  return {
    scale,
    studentPassword,
    reset: values.reset ?? false,
    env: {
      ...process.env,
      ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
      ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
    },
  };
}

export const seedDemoCommand: OpsCommand = {
  name: 'seed-demo',
  invocation: 'npm run seed:demo',
  async run({ config, database, storage }, argv, io) {
    const args = parseSeedArgs(argv, io);
    if (typeof args === 'number') return args;
    const { scale, studentPassword } = args;
    const started = performance.now();
    const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    const plan = seedPlan(scale);
    io.out(
      `Seeding demo data at scale ${scale} into ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}: ${Object.entries(
        LABELS,
      )
        .map(([key, label]) => `${number(plan[key as keyof SeedCounts])} ${label}`)
        .join(', ')}.`,
    );
    const admin = await ensureAdmin(database.db, config);
    // Hashed once: every demo student shares the hash.
    const passwordHash = await hashPassword(studentPassword);
    const printed = new Map<string, number>();
    const result = await seedDemo(database.db, {
      scale,
      passwordHash,
      storage,
      reset: args.reset,
      onProgress: ({ phase, done, total }) => {
        // Each tenth of a phase, so a 2-million-row run shows it is moving without flooding the log.
        const tenth = Math.floor((10 * done) / Math.max(total, 1));
        if (printed.get(phase) === tenth) return;
        printed.set(phase, tenth);
        if (tenth === 0 && done < total) return;
        io.out(`  ${LABELS[phase].padEnd(14)} ${number(done).padStart(10)} / ${number(total)}  (${elapsed()})`);
      },
    });
    // A bulk load leaves no planner statistics and no visibility map until autovacuum comes by, if it
    // runs at all: until then every read plans blind and index-only scans read the table too.
    await database.db.execute(sql`vacuum analyze`);
    io.out(`  vacuum analyze done (${elapsed()})`);
    if (result.deleted) {
      io.out(
        `(--reset deleted the earlier demo data first: ${number(result.deleted.students)} students, ${number(result.deleted.courses)} courses.)`,
      );
    }
    io.out(`\nDone in ${elapsed()}.\n\nSign in with:`);
    io.out(`  superadmin  ${admin.username}  ${admin.password}`);
    io.out(
      `  a student   ${result.sampleStudent}  password ${studentPassword}  (every demo student shares it; demo data only, never on a public server)`,
    );
    if (result.sampleIdentifier) {
      io.out(
        `\nTheir marks: exam identifier ${result.sampleIdentifier} (the portal's Marks summary, or GET /api/v1/submissions/student/{id}/exam-score/${result.sampleIdentifier} as the student).`,
      );
    }
    await printAppStudent(io, database.db, `http://localhost:${config.port}/learn/login`, {
      password: studentPassword,
      fallback: result.sampleStudent,
    });
    return 0;
  },
};

/** Last, so it is what a person trying the students' app sees without scrolling back. */
async function printAppStudent(
  io: OpsIo,
  db: Db,
  url: string,
  { password, fallback }: { password: string; fallback: string },
) {
  const found = await findAppStudent(db);
  io.out(`\nTry the students' app: ${url}`);
  if (found) {
    const due = `${found.dueDate.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    io.out(`  username ${found.username}  password ${password}`);
    io.out(`  enrolled in ${found.courseTitle}: lectures live now, "${found.examTitle}" open until ${due}`);
    return;
  }
  // The demo's dates are fixed, so long after they were chosen every paper is past its due date.
  io.out(`  username ${fallback}  password ${password}`);
  io.out(
    '  (no demo MCQ paper is open any more: the demo data has fixed dates. Publish an MCQ exam due later in the portal to have one to sit.)',
  );
}

/** The superadmin to print: created now as the server's first start would, or the one there is. */
async function ensureAdmin(db: Db, config: Config) {
  const accounts = new AccountsService({ db });
  const existing = await accounts.listByRoles(['ROLE_SUPERADMIN']);
  if (existing[0]) return { username: existing[0].username, password: '(an existing account: its password)' };
  // Chosen here rather than inside ensureSuperadmin so it can be printed with the rest below.
  const password = config.adminPassword ?? generatePassword();
  await ensureSuperadmin(db, { ...config, adminPassword: password }, quietLog);
  const created = await accounts.listByRoles(['ROLE_SUPERADMIN']);
  const username = created[0]?.username ?? config.adminUsername ?? 'admin';
  return {
    username,
    password: config.adminPassword ? 'password from ADMIN_PASSWORD' : `password ${password}  (created now; keep it)`,
  };
}

async function main(argv: string[]): Promise<number> {
  const args = parseSeedArgs(argv, consoleIo);
  if (typeof args === 'number') return args;
  return runOpsCommand(seedDemoCommand, argv, { env: args.env });
}

// Imported by the server to run the seed inside it; only run as a command when it is the entry.
if (isEntryPoint(import.meta.url)) runCommand(main, [SeedRefused, ...TOLD_ERRORS]);
