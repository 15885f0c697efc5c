import './zod-jitless';
import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('turns off zod’s eval probe without importing zod', async () => {
    // Imported after the flag is set, as the apps' chunks import it after their entry has run.
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const probes: string[] = [];
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        probes.push(String(args.at(-1)));
        return Reflect.construct(target, args);
      },
    });
    try {
      const schema = z.object({ name: z.string().min(1), age: z.number().int() });
      expect(schema.parse({ name: 'Nimal', age: 17 })).toEqual({ name: 'Nimal', age: 17 });
      expect(schema.safeParse({ name: '', age: 1.5 }).success).toBe(false);
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(probes).toEqual([]);
  });
});
