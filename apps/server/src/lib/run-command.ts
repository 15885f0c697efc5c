import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type ErrorKind = abstract new (...args: never[]) => Error;

/**
 * Runs a command-line entry point on its arguments and exits with the code it answers. An error of
 * one of the `told` kinds is a refusal the user can act on, so its message alone goes to stderr; any
 * other is printed whole. Either way the exit code is 1.
 */
export function runCommand(main: (argv: string[]) => Promise<number>, told: ErrorKind[]) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error && told.some((kind) => error instanceof kind) ? error.message : error);
      process.exit(1);
    },
  );
}

/** True when the module at `moduleUrl` is the script node was started with. */
export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
}
