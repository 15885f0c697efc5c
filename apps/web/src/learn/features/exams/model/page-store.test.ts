import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { KEEP_PAGES_MS, PageStore } from './page-store';
import { newPage, rotatePage, type ScriptPage } from './script-pages';

const page = (id: string, content = id) => newPage(id, new File([content], `${id}.jpg`, { type: 'image/jpeg' }));
const key = { owner: 'tail-of-token-01', examId: 5 };

/** What a page came back as: its place, turn, name, type and bytes. */
const shown = async (pages: ScriptPage[]) =>
  Promise.all(
    pages.map(async (p) => [
      p.id,
      p.rotation,
      p.name,
      p.file.type,
      new TextDecoder().decode(await p.file.arrayBuffer()),
    ]),
  );

describe('the kept PART II pages', () => {
  it('brings the pages back in their order and turn after a reload (a new store on the same database)', async () => {
    const factory = new IDBFactory();
    const before = new PageStore(factory);
    let pages = [page('a', 'first photo'), page('b', 'second photo'), page('c', 'third photo')];
    await before.save(key, pages);
    pages = rotatePage([pages[2], pages[0], pages[1]] as ScriptPage[], 'a');
    await before.save(key, pages);

    const after = new PageStore(factory);
    expect(await shown(await after.load(key))).toEqual([
      ['c', 0, 'c.jpg', 'image/jpeg', 'third photo'],
      ['a', 90, 'a.jpg', 'image/jpeg', 'first photo'],
      ['b', 0, 'b.jpg', 'image/jpeg', 'second photo'],
    ]);
  });

  it('keeps each student’s and each exam’s pages apart', async () => {
    const store = new PageStore(new IDBFactory());
    await store.save(key, [page('a')]);
    await store.save({ ...key, examId: 6 }, [page('x')]);
    await store.save({ ...key, owner: 'another-student' }, [page('y')]);
    expect((await store.load(key)).map((p) => p.id)).toEqual(['a']);
    expect((await store.load({ ...key, examId: 6 })).map((p) => p.id)).toEqual(['x']);
    expect((await store.load({ ...key, owner: 'another-student' })).map((p) => p.id)).toEqual(['y']);
    expect(await store.load({ owner: 'nobody', examId: 5 })).toEqual([]);
  });

  it('forgets a removed page, and everything once cleared', async () => {
    const factory = new IDBFactory();
    const store = new PageStore(factory);
    const pages = [page('a'), page('b')];
    await store.save(key, pages);
    await store.save(key, [pages[1] as ScriptPage]);
    expect((await new PageStore(factory).load(key)).map((p) => p.id)).toEqual(['b']);
    await store.clear(key);
    expect(await new PageStore(factory).load(key)).toEqual([]);
    // No photo is left behind in the database either.
    expect(await photoCount(factory)).toBe(0);
  });

  it('applies quick saves in the order they were made', async () => {
    const store = new PageStore(new IDBFactory());
    const a = page('a');
    const b = page('b');
    const c = page('c');
    // Not awaited one by one: a student adding photos in quick succession.
    await Promise.all([store.save(key, [a]), store.save(key, [a, b]), store.save(key, [a, b, c])]);
    expect((await store.load(key)).map((p) => p.id)).toEqual(['a', 'b', 'c']);

    // A big photo still being read when the student removes it: the later save (without it) wins.
    const big = page('big');
    const read = big.file.arrayBuffer.bind(big.file);
    big.file.arrayBuffer = () => new Promise((resolve) => setTimeout(() => resolve(read()), 30));
    await Promise.all([store.save(key, [a, big]), store.save(key, [a])]);
    expect((await store.load(key)).map((p) => p.id)).toEqual(['a']);
  });

  it('drops pages left untouched for longer than it keeps them', async () => {
    const store = new PageStore(new IDBFactory());
    await store.save(key, [page('a')], 1_000);
    expect((await store.load(key, 1_000 + KEEP_PAGES_MS)).map((p) => p.id)).toEqual(['a']);
    expect(await store.load(key, 1_001 + KEEP_PAGES_MS)).toEqual([]);
  });

  it('works without IndexedDB, keeping nothing', async () => {
    const store = new PageStore(null);
    await expect(store.save(key, [page('a')])).resolves.toBeUndefined();
    expect(await store.load(key)).toEqual([]);
  });
});

async function photoCount(factory: IDBFactory): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = factory.open('valence-learn', 1);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
    const req = db.transaction('script-pages').objectStore('script-pages').getAllKeys();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  db.close();
  return keys.length;
}
