/** Clockwise quarter turns a student gave a page photo, in degrees. */
export type Rotation = 0 | 90 | 180 | 270;

/** One photographed page of a PART II answer, in the order it will be handed in. */
export type ScriptPage = { id: string; file: Blob; name: string; rotation: Rotation };

export function newPage(id: string, file: Blob & { name?: string }): ScriptPage {
  return { id, file, name: file.name || 'photo', rotation: 0 };
}

/** New photos go after the ones already there: a student photographs page after page. */
export function addPages(pages: readonly ScriptPage[], added: readonly ScriptPage[]): ScriptPage[] {
  return [...pages, ...added];
}

/** Swaps the page with its neighbour before (-1) or after (+1); at either end nothing changes. */
export function movePage(pages: readonly ScriptPage[], id: string, by: -1 | 1): ScriptPage[] {
  const from = pages.findIndex((page) => page.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= pages.length) return [...pages];
  const next = [...pages];
  [next[from], next[to]] = [next[to] as ScriptPage, next[from] as ScriptPage];
  return next;
}

/** A quarter turn clockwise, back to upright after four. */
export function rotatePage(pages: readonly ScriptPage[], id: string): ScriptPage[] {
  return pages.map((page) => (page.id === id ? { ...page, rotation: ((page.rotation + 90) % 360) as Rotation } : page));
}

export function removePage(pages: readonly ScriptPage[], id: string): ScriptPage[] {
  return pages.filter((page) => page.id !== id);
}

/** HEIC/HEIF: what iPhones save by default, which most browsers other than Safari cannot draw. */
export function isHeic(file: Blob & { name?: string }): boolean {
  return /^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name ?? '');
}

/** A picture the app may turn into a page; the picker's `accept` is only a hint to the phone. */
export function isPhoto(file: Blob & { name?: string }): boolean {
  return file.type.startsWith('image/') || isHeic(file) || /\.(jpe?g|png|webp|gif)$/i.test(file.name ?? '');
}
