import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEIC_UNREADABLE, PHOTO_UNREADABLE, scaleForPdf } from './script-image';

describe('preparing a page photo', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() });
    // What a browser does with a picture it cannot draw: decoding fails.
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value: () => Promise.reject(new DOMException('The source image cannot be decoded.', 'EncodingError')),
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
  });

  it('says plainly when a HEIC photo cannot be opened, and gives its link back', async () => {
    await expect(scaleForPdf(new File(['x'], 'IMG_0042.HEIC', { type: 'image/heic' }))).rejects.toThrow(
      HEIC_UNREADABLE,
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:photo');
  });

  it('asks for another photo when any other picture cannot be opened', async () => {
    await expect(scaleForPdf(new File(['x'], 'page.jpg', { type: 'image/jpeg' }))).rejects.toThrow(PHOTO_UNREADABLE);
  });
});
