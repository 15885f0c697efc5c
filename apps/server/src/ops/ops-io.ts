/**
 * Where a command writes what it has to say. Apart from ops-command.ts, so the control socket, which
 * forwards a command's output to the process that asked, needs nothing else of it.
 */
export type OpsIo = { out: (text: string) => void; err: (text: string) => void };
