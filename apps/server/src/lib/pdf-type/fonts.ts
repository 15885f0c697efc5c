import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { Blob, Face, Font } from 'harfbuzzjs';

/**
 * The fonts every PDF the product makes is drawn in: Noto Sans (Latin, Greek, arrows), Noto Sans
 * Sinhala and Noto Sans Tamil, regular and bold, and Noto Sans Math for the symbols the others lack
 * (⇌). They are TTF files of npm packages, read from disk once per thread; nothing is fetched at run
 * time. Each face is opened twice: by HarfBuzz, which shapes text into glyphs, and by fontkit, which
 * writes the subset of glyphs a PDF uses.
 */

export type FaceName = 'latin' | 'latin-bold' | 'sinhala' | 'sinhala-bold' | 'tamil' | 'tamil-bold' | 'math';

const FILES: Record<FaceName, string> = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'latin-bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  sinhala: '@expo-google-fonts/noto-sans-sinhala/400Regular/NotoSansSinhala_400Regular.ttf',
  'sinhala-bold': '@expo-google-fonts/noto-sans-sinhala/700Bold/NotoSansSinhala_700Bold.ttf',
  tamil: '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf',
  'tamil-bold': '@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf',
  math: '@expo-google-fonts/noto-sans-math/400Regular/NotoSansMath_400Regular.ttf',
};

export type FontkitFont = ReturnType<typeof fontkit.create>;

export type LoadedFace = {
  name: FaceName;
  bytes: Uint8Array;
  /** HarfBuzz's font, at its own units (scale = units per em). */
  hb: Font;
  fontkit: FontkitFont;
  unitsPerEm: number;
  /** Characters the face has a glyph for, asked once each. */
  has: (codePoint: number) => boolean;
};

const loaded = new Map<FaceName, LoadedFace>();
const require = createRequire(import.meta.url);

export function face(name: FaceName): LoadedFace {
  let found = loaded.get(name);
  if (found) return found;
  const bytes = new Uint8Array(readFileSync(require.resolve(FILES[name])));
  const hbFace = new Face(new Blob(bytes), 0);
  const hb = new Font(hbFace);
  const kit = fontkit.create(Buffer.from(bytes));
  const known = new Map<number, boolean>();
  found = {
    name,
    bytes,
    hb,
    fontkit: kit,
    unitsPerEm: kit.unitsPerEm,
    has: (codePoint) => {
      let yes = known.get(codePoint);
      if (yes === undefined) {
        yes = kit.hasGlyphForCodePoint(codePoint);
        known.set(codePoint, yes);
      }
      return yes;
    },
  };
  loaded.set(name, found);
  return found;
}
