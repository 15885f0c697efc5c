/**
 * A contract schema built the first time something touches it, not when its module runs.
 *
 * Loading a page used to build every schema of the contract files it shares with other pages
 * (over a thousand zod objects, one long task on a phone) although the page parses a handful. The
 * apps' builds wrap each top-level `…Schema = <call>` of the contract in this (see
 * `vite-plugin-lazy-schemas.ts`); the server and the tests use the contract as written.
 *
 * The stand-in forwards everything to the real schema, so `parse`, `extend`, `optional`, use inside
 * another schema and zod's `instanceof` checks work as on the schema itself. Methods run with the
 * stand-in as `this`, which forwards again: a schema composed from it stays lazy until it is used.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // The stand-in's own target is an empty object: a property reported as fixed that the target
      // lacks breaks a proxy invariant.
      if (descriptor) descriptor.configurable = true;
      return descriptor;
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
