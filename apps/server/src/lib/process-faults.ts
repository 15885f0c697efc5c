import { isDatabaseUnavailable, pgErrorCode, redactDbError, unavailableCause } from './db-errors.js';
import { HttpError } from './errors.js';

type Log = {
  warn: (fields: { err: unknown }, message: string) => void;
  fatal: (fields: { err: unknown }, message: string) => void;
};

/**
 * Whether the process may go on serving after this error escaped every handler: the database or the
 * file store went away or refused a statement (each request that needs them answers 503 meanwhile,
 * and every connection is opened again once they are back). Anything else may have left the process
 * half-way through changing its own state, and it exits as Node would.
 */
export function survivable(error: unknown): boolean {
  return (
    isDatabaseUnavailable(error) ||
    pgErrorCode(error) !== undefined ||
    // StorageUnavailableError: the file store did not answer.
    (error instanceof HttpError && error.statusCode === 503)
  );
}

/**
 * What the server does with an exception nothing caught and a rejection nothing handled: a
 * survivable one is logged and the server goes on; anything else is logged and ends it (`exit(1)`),
 * so a process manager starts a clean one.
 */
export function processFaultHandlers(log: Log, exit: (code: number) => void) {
  const handle = (what: string) => (error: unknown) => {
    if (survivable(error)) {
      // As the error handler logs them: a wrapper's message may list a statement's parameters.
      log.warn(
        { err: redactDbError(error) ?? unavailableCause(error) },
        `${what} from the database or file store: serving on`,
      );
      return;
    }
    log.fatal({ err: error }, `${what}: exiting`);
    exit(1);
  };
  return { uncaughtException: handle('Uncaught exception'), unhandledRejection: handle('Unhandled rejection') };
}

/** Installs `processFaultHandlers` on this process. */
export function guardProcess(log: Log) {
  const handlers = processFaultHandlers(log, (code) => process.exit(code));
  process.on('uncaughtException', handlers.uncaughtException);
  process.on('unhandledRejection', handlers.unhandledRejection);
}
