import { vi } from 'vitest';
import { fakeFetch } from './render';

/** `ifMatch`: the If-Match header it carried (a grade's version), or null. */
export type SentForm = { method: string; path: string; form: FormData; ifMatch: string | null };

/** `fakeFetch` that also keeps each multipart body sent, which `fakeFetch` alone does not record. */
export function stubApi(routes: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(routes);
  const forms: SentForm[] = [];
  /** Every call's If-Match header (null without one), in order. */
  const ifMatches: { method: string; path: string; ifMatch: string | null }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    ifMatches.push({
      method: (init?.method ?? 'GET').toUpperCase(),
      path: String(input).replace(/^.*?\/api/, ''),
      ifMatch: new Headers(init?.headers).get('If-Match'),
    });
    if (init?.body instanceof FormData)
      forms.push({
        method: (init.method ?? 'GET').toUpperCase(),
        path: String(input).replace(/^.*?\/api/, ''),
        form: init.body,
        ifMatch: new Headers(init.headers).get('If-Match'),
      });
    return fake.fn(input, init);
  });
  return { calls: fake.calls, forms, ifMatches };
}
