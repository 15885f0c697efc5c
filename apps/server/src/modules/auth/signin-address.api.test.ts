import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { accounts } from '../../db/schema.js';
import { type Answer, LOGIN_PASSWORD, useTestApp } from '../../test/harness.js';

const { CHECK_MS, cheapHash } = await vi.hoisted(async () => {
  const { randomBytes, scryptSync } = await import('node:crypto');
  return {
    /** What a check costs a busy server (a real one is ≈20 ms of CPU), as waiting rather than CPU, so 300 fit in a test. */
    CHECK_MS: 100,
    cheapHash: (password: string) => {
      const salt = randomBytes(16);
      const hash = scryptSync(password, salt, 64, { N: 1024, r: 8, p: 1 });
      return `scrypt$1024$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
    },
  };
});

// The passwords are really checked, against hashes with small scrypt parameters (the format made
// before Argon2id) that are not upgraded at sign-in; each check takes CHECK_MS, so attempts overlap as they do with the real cost.
vi.mock('../../lib/passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords.js')>();
  return {
    ...real,
    DUMMY_HASH: cheapHash('no account has this password'),
    needsRehash: () => false,
    verifyPassword: async (password: string, stored: string) => {
      await new Promise((resolve) => setTimeout(resolve, CHECK_MS));
      return real.verifyPassword(password, stored);
    },
  };
});

const t = useTestApp();

/** Makes `count` students called `${prefix}0`…, all with LOGIN_PASSWORD, in one statement. */
async function students(prefix: string, count: number): Promise<string[]> {
  const passwordHash = cheapHash(LOGIN_PASSWORD);
  const names = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  await t.database.db
    .insert(accounts)
    .values(names.map((username) => ({ username, passwordHash, role: 'ROLE_STUDENT' as const })));
  return names;
}

/** Every sign-in, at most `atOnce` in flight at any moment (a new one starts as soon as one answers). */
async function signinAll(attempts: { username: string; password: string }[], address: string, atOnce: number) {
  const answers: Answer[] = new Array(attempts.length);
  let next = 0;
  const worker = async () => {
    while (next < attempts.length) {
      const i = next++;
      const attempt = attempts[i] as { username: string; password: string };
      answers[i] = await t.signin(attempt.username, attempt.password, address);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  return answers;
}

/** Moves every sign-in counter `seconds` into the past, as if that much time had gone by. */
async function elapse(seconds: number) {
  const shift = sql`make_interval(secs => ${seconds})`;
  await t.database.db.execute(
    sql`update signin_throttle set window_start = window_start - ${shift}, last_at = last_at - ${shift}`,
  );
}

const statuses = (answers: Answer[]) => answers.map((a) => a.statusCode);
const count = (answers: Answer[], status: number) => answers.filter((a) => a.statusCode === status).length;
const retryAfter = (answer: Answer | undefined) => Number(answer?.headers['retry-after']);

describe('sign-ins from one shared address', () => {
  it('lets 300 students sign in at once from one address, 50 at a time', async () => {
    const names = await students('exam', 300);
    const started = Date.now();
    const answers = await signinAll(
      names.map((username) => ({ username, password: LOGIN_PASSWORD })),
      '10.20.0.1',
      50,
    );
    const seconds = (Date.now() - started) / 1000;
    expect(statuses(answers).filter((s) => s !== 200)).toEqual([]);
    expect(seconds).toBeLessThan(60);
  });

  it('does not refuse correct passwords while other accounts’ wrong ones are in flight', async () => {
    const names = await students('mixed', 80);
    const attempts = names.map((username, i) => ({ username, password: i % 2 ? LOGIN_PASSWORD : 'typo' }));
    // 29 wrong passwords stay within what one address may get wrong.
    const wrong = attempts.filter((a) => a.password === 'typo').slice(0, 29);
    const right = attempts.filter((a) => a.password === LOGIN_PASSWORD);
    const answers = await signinAll([...wrong, ...right], '10.21.0.1', 79);
    expect(count(answers.slice(0, 29), 401)).toBe(29);
    expect(statuses(answers.slice(29)).filter((s) => s !== 200)).toEqual([]);
  });

  it('slows a lab whose students mistype for seconds, instead of locking it for 15 minutes', async () => {
    const names = await students('lab', 31);
    const lab = '10.22.0.1';
    const typos = await signinAll(
      names.slice(0, 30).map((username) => ({ username, password: 'typo' })),
      lab,
      10,
    );
    expect(count(typos, 401)).toBe(30);
    const slowed = await t.signin(names[30] as string, LOGIN_PASSWORD, lab);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/from this address\. Try again in \d+ second\(s\)\.$/);
    expect(retryAfter(slowed)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(slowed)).toBeLessThanOrEqual(10);
    await elapse(retryAfter(slowed));
    expect((await t.signin(names[30] as string, LOGIN_PASSWORD, lab)).statusCode).toBe(200);
  });

  it('lets a student who signed in from the address before in while strangers’ failures slow it', async () => {
    const [regular, ...others] = await students('regular', 40);
    const centre = '10.23.0.1';
    expect((await t.signin(regular as string, LOGIN_PASSWORD, centre)).statusCode).toBe(200);
    await signinAll(
      others.map((username) => ({ username, password: 'typo' })),
      centre,
      10,
    );
    expect((await t.signin('a-new-face', LOGIN_PASSWORD, centre)).statusCode).toBe(429);
    expect((await t.signin(regular as string, LOGIN_PASSWORD, centre)).statusCode).toBe(200);
  });

  it('bounds one password sprayed over many accounts from one address, however parallel', async () => {
    const names = await students('spray', 300);
    const spray = (list: string[]) =>
      signinAll(
        list.map((username) => ({ username, password: 'Summer2024!' })),
        '10.24.0.1',
        list.length,
      );
    const burst = await spray(names.slice(0, 200));
    // 30 failures, and the few already being checked when the 30th was counted.
    expect(count(burst, 401)).toBeGreaterThanOrEqual(30);
    expect(count(burst, 401)).toBeLessThanOrEqual(34);
    expect(count(burst, 401) + count(burst, 429)).toBe(200);
    const slowed = burst.find((a) => a.statusCode === 429);
    expect(slowed?.json().message).toMatch(/from this address/);
    expect(retryAfter(slowed)).toBeLessThanOrEqual(30);
    // Another address is not affected.
    expect((await t.signin('spray-elsewhere', 'Summer2024!', '10.24.0.2')).statusCode).toBe(401);

    // A minute later the address has earned back a few checks, not another 30.
    await elapse(60);
    const later = await spray(names.slice(200));
    expect(count(later, 401)).toBeGreaterThanOrEqual(1);
    expect(count(later, 401)).toBeLessThanOrEqual(16);
  });
});
