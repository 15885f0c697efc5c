export const API_TYPES_FILE: string;
export const STALE_MESSAGE: string;
export function apiTypesSource(document: object): Promise<string>;
