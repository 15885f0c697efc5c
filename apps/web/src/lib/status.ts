/**
 * The outcome of an action as a status line shows it. The kind is set by the code path that ran
 * (success or failure), never guessed from the wording: a refusal such as the server's "Cannot
 * delete course …" must read as a failure although it contains no "Error".
 */
export type StatusMessage = { kind: 'success' | 'error'; text: string };

export const success = (text: string): StatusMessage => ({ kind: 'success', text });
export const failure = (text: string): StatusMessage => ({ kind: 'error', text });
