import { vi } from 'vitest';
import { fakeFetch } from './render';

export type SentForm = { method: string; path: string; form: FormData };

/** `fakeFetch` that also keeps each multipart body sent, which `fakeFetch` alone does not record. */
export function stubApi(routes: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(routes);
  const forms: SentForm[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.body instanceof FormData)
      forms.push({
        method: (init.method ?? 'GET').toUpperCase(),
        path: String(input).replace(/^.*?\/api/, ''),
        form: init.body,
      });
    return fake.fn(input, init);
  });
  return { calls: fake.calls, forms };
}
