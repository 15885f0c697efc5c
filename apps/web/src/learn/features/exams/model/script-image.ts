import type { PreparedImage } from './combine-pages';
import { isHeic } from './script-pages';

/** Long side of a page picture: still readable handwriting, about 0.3 MB a page instead of 4–10 MB. */
export const LONG_SIDE_PX = 1600;
export const JPEG_QUALITY = 0.8;

export const HEIC_UNREADABLE =
  'this photo is in HEIC format, which this browser cannot open. Take the page again with ‘Add a page photo’, or choose a JPEG or PNG photo.';
export const PHOTO_UNREADABLE = 'this photo could not be opened. Please take it again or choose another photo.';

/**
 * A phone photo scaled down in a canvas to JPEG. The browser applies the photo's EXIF orientation
 * when it decodes, so what is drawn is what the thumbnail showed; the student's own turns are done
 * in the PDF (combine-pages.ts).
 */
export async function scaleForPdf(file: Blob & { name?: string }): Promise<PreparedImage> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    try {
      await image.decode();
    } catch {
      throw new Error(isHeic(file) ? HEIC_UNREADABLE : PHOTO_UNREADABLE);
    }
    const scale = Math.min(1, LONG_SIDE_PX / Math.max(image.naturalWidth, image.naturalHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error(PHOTO_UNREADABLE);
    // A transparent PNG would turn black in a JPEG: paper is white.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    // iOS caps the memory of all canvases together: give this one back before the next page.
    canvas.width = 0;
    canvas.height = 0;
    if (!blob) throw new Error(PHOTO_UNREADABLE);
    return { bytes: new Uint8Array(await blob.arrayBuffer()), type: 'jpeg' };
  } finally {
    URL.revokeObjectURL(url);
  }
}
