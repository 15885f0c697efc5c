/** Longest name offered, in characters, extension included: file systems stop at 255 bytes. */
const MAX_NAME = 120;

/** Characters no file system takes in a name (Windows' reserved set covers the others'). */
const UNSAFE = /[/\\:*?"<>|]/g;
/** Controls (a line break in a title reads as a space). */
const CONTROLS = /\p{Cc}/gu;
/** The marks that turn text right to left: they can make `cod.exe` read as `exe.doc`. */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;

/** `\ce{H2SO4}` (mhchem and the like, as titles are typed) reads as what the screen typesets. */
const TEX_COMMAND = /\\[A-Za-z]+\s*\{([^{}]*)\}/g;

/** Cuts a name to MAX_NAME characters (whole code points), keeping its extension. */
function shorten(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= MAX_NAME) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return Array.from(name.slice(0, name.length - extension.length))
    .slice(0, MAX_NAME - extension.length)
    .join('')
    .trimEnd()
    .concat(extension);
}

/**
 * A download's file name made from a title, in any script: only what a file name cannot hold is
 * replaced (by `-`), spaces are kept, and a name that would start with a dot or a separator does
 * not. `Acids & Bases: \ce{H2SO4} — 2026 A/L` becomes `Acids & Bases- H2SO4 — 2026 A-L`.
 */
export function downloadName(name: string, fallback = 'download'): string {
  const cleaned = name
    .normalize('NFC')
    .replace(TEX_COMMAND, '$1')
    .replace(BIDI, '')
    .replace(CONTROLS, ' ')
    .replace(UNSAFE, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.\-_]+/, '')
    .trim();
  return shorten(cleaned || fallback);
}

/**
 * The name in ASCII for clients that do not read `filename*`: accents dropped, dashes and quotes
 * made plain, every other character replaced, and the ASCII words kept.
 */
function asciiName(name: string, fallback: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    // `%` too: some browsers percent-decode a plain filename.
    .replace(/(?:[^\x20-\x7e]|[%"\\])+/g, '_')
    // A word of no ASCII at all goes whole, rather than stand as `_`.
    .replace(/(^|[\s-])_(?:\s|(?=-|$))/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-_]+/, '')
    .trim();
  // Nothing but an extension left (a title all in another script): a plain name instead.
  return /^[^.]*[A-Za-z0-9]/.test(ascii) ? ascii : fallback;
}

/** RFC 8187's value-chars: everything but ALPHA, DIGIT and `!#$&+-.^_\`|~` is percent-encoded. */
const encodeValue = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A Content-Disposition header (RFC 6266) for a download named `fileName`, made safe with
 * `downloadName`: `filename*` carries the name itself in UTF-8, `filename` an ASCII stand-in.
 */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const name = downloadName(fileName);
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? '';
  const plain = asciiName(name, `download${extension}`);
  return `${disposition}; filename="${plain}"; filename*=UTF-8''${encodeValue(name)}`;
}
