import type { Rotation, ScriptPage } from './script-pages';

/**
 * The PART II pages a student has photographed but not yet handed in, kept in IndexedDB on the
 * phone: many Android phones reload the tab while the camera app is open, and the pages taken
 * before would otherwise be gone. Keyed per student (the session's owner part, as the MCQ drafts)
 * and exam. Each photo is its own record, written once, so turning or moving a page rewrites only
 * the small list of the pages' order. Photos are kept as bytes rather than Blobs, which every
 * browser's IndexedDB stores. Everything here fails quietly: without IndexedDB (a private window,
 * a full disk) the screen works as before, the pages held in memory only.
 */

const DB_NAME = 'valence-learn';
const STORE = 'script-pages';
/** Pages of an exam not touched for this long are dropped, so an abandoned hand-in does not fill the phone. */
export const KEEP_PAGES_MS = 14 * 24 * 60 * 60_000;

type PageEntry = { id: string; name: string; rotation: Rotation };
type PageList = { pages: PageEntry[]; savedAt: number };
type StoredPhoto = { bytes: ArrayBuffer; type: string; name: string };

export type PageStoreKey = { owner: string; examId: number };

const listKey = ({ owner, examId }: PageStoreKey) => `list:${owner}:${examId}`;
const photoKey = (key: PageStoreKey, pageId: string) => `photo:${key.owner}:${key.examId}:${pageId}`;

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });

const isList = (value: unknown): value is PageList =>
  typeof value === 'object' && value !== null && Array.isArray((value as PageList).pages);

// Not `instanceof ArrayBuffer`: what a store gives back may come from another realm (a worker, tests).
const isPhoto = (value: unknown): value is StoredPhoto =>
  typeof value === 'object' &&
  value !== null &&
  Object.prototype.toString.call((value as StoredPhoto).bytes) === '[object ArrayBuffer]';

export class PageStore {
  private opened: Promise<IDBDatabase> | null = null;
  /** The save running now and those waiting behind it (`write` never rejects). */
  private queue: Promise<void> = Promise.resolve();

  private openedFrom: IDBFactory | null = null;

  /**
   * `factory`: an IndexedDB of its own (tests give an in-memory one), null for none; without it, the
   * page's `indexedDB`.
   */
  constructor(private readonly factory?: IDBFactory | null) {}

  private db(): Promise<IDBDatabase> {
    const factory = this.factory === undefined ? globalThis.indexedDB : this.factory;
    if (!factory) return Promise.reject(new Error('No IndexedDB here.'));
    if (this.openedFrom !== factory) this.opened = null;
    this.openedFrom = factory;
    this.opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = factory.open(DB_NAME, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    }).catch((error) => {
      this.opened = null;
      throw error;
    });
    return this.opened;
  }

  /**
   * The pages kept for this student and exam, in their order and turn; none when nothing is kept.
   * Read after the saves already asked for, so a screen opened again sees its latest pages.
   */
  load(key: PageStoreKey, now = Date.now()): Promise<ScriptPage[]> {
    return this.queue.then(() => this.read(key, now));
  }

  private async read(key: PageStoreKey, now: number): Promise<ScriptPage[]> {
    try {
      const db = await this.db();
      const tx = db.transaction(STORE, 'readonly');
      const store = tx.objectStore(STORE);
      const list = await request(store.get(listKey(key)));
      if (!isList(list)) return [];
      if (now - list.savedAt > KEEP_PAGES_MS) {
        void this.clear(key);
        return [];
      }
      const photos = await Promise.all(list.pages.map((page) => request(store.get(photoKey(key, page.id)))));
      return list.pages.flatMap((page, index) => {
        const photo = photos[index];
        if (!isPhoto(photo)) return [];
        const file = new File([photo.bytes], photo.name, { type: photo.type });
        return [{ id: page.id, file, name: page.name, rotation: page.rotation }];
      });
    } catch {
      return [];
    }
  }

  /**
   * Keeps `pages` as they are now: photos not yet stored are written, those of removed pages
   * deleted, and the order and turns replaced, in one transaction. No pages: nothing is kept.
   * Saves run one after another in the order they are called: an older one finishing last would
   * put back a page removed since, or drop the photo of one added.
   */
  save(key: PageStoreKey, pages: readonly ScriptPage[], now = Date.now()): Promise<void> {
    const next = this.queue.then(() => this.write(key, [...pages], now));
    this.queue = next;
    return next;
  }

  private async write(key: PageStoreKey, pages: readonly ScriptPage[], now: number): Promise<void> {
    try {
      // The bytes are read before the transaction starts: one left waiting on a read would close.
      const known = await this.storedIds(key);
      const added = await Promise.all(
        pages
          .filter((page) => !known.has(page.id))
          .map(async (page) => ({
            id: page.id,
            photo: { bytes: await page.file.arrayBuffer(), type: page.file.type, name: page.name } as StoredPhoto,
          })),
      );
      const db = await this.db();
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      const before = await request(store.get(listKey(key)));
      const keep = new Set(pages.map((page) => page.id));
      for (const page of isList(before) ? before.pages : []) {
        if (!keep.has(page.id)) store.delete(photoKey(key, page.id));
      }
      for (const { id, photo } of added) store.put(photo, photoKey(key, id));
      if (pages.length === 0) store.delete(listKey(key));
      else {
        const list: PageList = {
          pages: pages.map(({ id, name, rotation }) => ({ id, name, rotation })),
          savedAt: now,
        };
        store.put(list, listKey(key));
      }
      await done(tx);
    } catch {
      // Kept in memory only: the hand-in still works, a reload would lose the pages as before.
    }
  }

  /** Forgets this student's pages of this exam: handed in, or no longer wanted. */
  clear(key: PageStoreKey): Promise<void> {
    return this.save(key, []);
  }

  private async storedIds(key: PageStoreKey): Promise<Set<string>> {
    const db = await this.db();
    const tx = db.transaction(STORE, 'readonly');
    const list = await request(tx.objectStore(STORE).get(listKey(key)));
    return new Set(isList(list) ? list.pages.map((page) => page.id) : []);
  }
}

/** The app's one store: the database is opened once, on the first PART II screen. */
let shared: PageStore | null = null;
export const pageStore = () => {
  shared ??= new PageStore();
  return shared;
};
