import { describe, expect, it } from 'vitest';
import { LEARN_PAGES } from './lazy-pages';
import { SCREENS } from './routes';

// Every screen module, by path: a dynamic import may name a variable file only one folder deep.
const modules = import.meta.glob<{ default: unknown }>('../features/*/components/*.tsx');
const loadModule = (module: string) => {
  const load = modules[`../${module}.tsx`];
  if (!load) throw new Error(`No module ../${module}.tsx`);
  return load();
};
/** A route's path as the table names it: the home is `/`, any other without its leading slash. */
const tableAddress = (path: string) => (path === '/' ? '/' : path.slice(1)) as keyof typeof LEARN_PAGES;

describe('the screens table the build preloads from', () => {
  it('names every screen of the routes, each with the module the route loads, and sign-in', async () => {
    const addresses = SCREENS.map((screen) => tableAddress(screen.path));
    expect(Object.keys(LEARN_PAGES).sort()).toEqual([...addresses, 'login'].sort());
    for (const screen of SCREENS) {
      const [module, ...rest] = LEARN_PAGES[tableAddress(screen.path)];
      const listed = await loadModule(module);
      expect(listed.default, screen.path).toBe((await screen.load()).default);
      // Every screen behind sign-in is drawn in the shell: its chunk comes with it.
      expect(rest).toEqual(['app/signed-in']);
    }
    const login = await loadModule(LEARN_PAGES.login[0]);
    expect(typeof login.default).toBe('function');
  });
});
