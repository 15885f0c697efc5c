import type { PDFPage } from 'pdf-lib';

export type Matrix = [number, number, number, number, number, number];

/**
 * The page as a viewer shows it: its crop box, turned by its /Rotate. Drawing happens in that
 * view's own space (origin bottom left, y up, `width` × `height` points); `matrix` takes it to
 * the page's space.
 */
export function viewOf(page: PDFPage): { width: number; height: number; matrix: Matrix } {
  const { x, y, width: w, height: h } = page.getCropBox();
  const rotation = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  switch (rotation) {
    case 90:
      return { width: h, height: w, matrix: [0, 1, -1, 0, x + w, y] };
    case 180:
      return { width: w, height: h, matrix: [-1, 0, 0, -1, x + w, y + h] };
    case 270:
      return { width: h, height: w, matrix: [0, -1, 1, 0, x, y + h] };
    default:
      return { width: w, height: h, matrix: [1, 0, 0, 1, x, y] };
  }
}
