import { describe, expect, it } from 'vitest';
import { addPages, isHeic, isPhoto, movePage, newPage, removePage, rotatePage, type ScriptPage } from './script-pages';

const photo = (name: string, type = 'image/jpeg') => new File([name], name, { type });
const three = () =>
  addPages([], [newPage('a', photo('1.jpg')), newPage('b', photo('2.jpg')), newPage('c', photo('3.jpg'))]);
const ids = (pages: ScriptPage[]) => pages.map((page) => page.id).join('');

describe('PART II page list', () => {
  it('adds photos after the pages already there, upright and named by their file', () => {
    const pages = addPages(three(), [newPage('d', photo('IMG_7.jpg'))]);
    expect(ids(pages)).toBe('abcd');
    expect(pages[3]).toMatchObject({ name: 'IMG_7.jpg', rotation: 0 });
  });

  it('moves a page up or down one place, and not past either end', () => {
    const pages = three();
    expect(ids(movePage(pages, 'b', -1))).toBe('bac');
    expect(ids(movePage(pages, 'b', 1))).toBe('acb');
    expect(ids(movePage(pages, 'a', -1))).toBe('abc');
    expect(ids(movePage(pages, 'c', 1))).toBe('abc');
    expect(ids(movePage(pages, 'zz', 1))).toBe('abc');
    // The list given is never changed in place: React sees a new one.
    expect(ids(pages)).toBe('abc');
  });

  it('turns a page a quarter clockwise each time, upright again after four', () => {
    let pages = three();
    const turns: number[] = [];
    for (let i = 0; i < 4; i++) {
      pages = rotatePage(pages, 'b');
      turns.push(pages[1]?.rotation ?? -1);
    }
    expect(turns).toEqual([90, 180, 270, 0]);
    expect(rotatePage(three(), 'b').map((page) => page.rotation)).toEqual([0, 90, 0]);
  });

  it('removes only the page asked for', () => {
    expect(ids(removePage(three(), 'b'))).toBe('ac');
    expect(ids(removePage(three(), 'zz'))).toBe('abc');
  });

  it('tells photos from other files, and HEIC photos by type or name', () => {
    expect(isPhoto(photo('page.png', 'image/png'))).toBe(true);
    expect(isPhoto(photo('IMG_1.HEIC', ''))).toBe(true);
    expect(isPhoto(photo('notes.pdf', 'application/pdf'))).toBe(false);
    expect(isHeic(photo('IMG_1.HEIC', ''))).toBe(true);
    expect(isHeic(photo('x', 'image/heif'))).toBe(true);
    expect(isHeic(photo('IMG_1.jpg'))).toBe(false);
  });
});
