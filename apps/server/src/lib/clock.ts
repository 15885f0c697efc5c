/** What time it is: the server's rules ask this, never `new Date()`, so tests can move time. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
