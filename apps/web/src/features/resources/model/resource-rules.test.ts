import { LIMITS } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_RESOURCE, validateResourceForm } from './resource-rules';

const dates = { liveAt: '2025-03-01T10:00', recordingAt: '2025-03-01T12:00' };
const youtube = 'https://www.youtube.com/watch?v=abc123';
const link = { ...EMPTY_RESOURCE, ...dates, link: youtube, minutes: 5 };

describe("validateResourceForm: the contract's limits, before anything is sent", () => {
  it("refuses a name over the contract's length in its words, for a link and before a file's upload", () => {
    const long = 'n'.repeat(LIMITS.resourceNameMax + 1);
    const message = `Resource name must be at most ${LIMITS.resourceNameMax} characters.`;
    expect(validateResourceForm({ ...link, name: long })).toBe(message);
    const file = new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' });
    expect(validateResourceForm({ ...EMPTY_RESOURCE, ...dates, file, name: long })).toBe(message);
    expect(validateResourceForm({ ...link, name: 'n'.repeat(LIMITS.resourceNameMax) })).toBeNull();
  });

  it('lets the link stand in for a blank name', () => {
    expect(validateResourceForm({ ...link, name: '   ' })).toBeNull();
  });

  it("refuses a link longer than the contract's maximum duration", () => {
    // 1 000 000 s is the contract's ceiling: 277 h 46 min 40 s.
    expect(validateResourceForm({ ...link, hours: 277, minutes: 46, seconds: 40 })).toBeNull();
    expect(validateResourceForm({ ...link, hours: 277, minutes: 46, seconds: 41 })).toBe(
      'Please provide a valid duration.',
    );
  });

  it("refuses a YouTube link over the contract's url length", () => {
    const longLink = `${youtube}&t=${'1'.repeat(LIMITS.urlMax)}`;
    expect(validateResourceForm({ ...link, link: longLink })).toBe(`url must be at most ${LIMITS.urlMax} characters.`);
  });

  it.each([
    [{ liveAt: '0050-06-01T12:00' }, 'liveAt: Enter a real date and time between 1900 and 2100.'],
    [{ recordingAt: '2026-02-29T10:00' }, 'recordingAt: Enter a real date and time between 1900 and 2100.'],
    [{ expiresAt: '2101-01-01T00:00' }, 'expiresAt: Enter a real date and time between 1900 and 2100.'],
  ])("refuses %o with the contract's sentence naming the field, before anything is sent", (change, message) => {
    expect(validateResourceForm({ ...link, ...change })).toBe(message);
    const file = new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' });
    expect(validateResourceForm({ ...EMPTY_RESOURCE, ...dates, ...change, file })).toBe(message);
  });

  it('takes the first and last days of the range, a leap day, and no expiry', () => {
    const edges = { liveAt: '1900-01-01T00:00', recordingAt: '2024-02-29T10:00', expiresAt: '2100-12-31T23:59' };
    expect(validateResourceForm({ ...link, ...edges })).toBeNull();
    expect(validateResourceForm({ ...link, expiresAt: '' })).toBeNull();
  });

  it('keeps the fixed order: a foreign link is named before a missing duration', () => {
    expect(validateResourceForm({ ...link, link: 'https://vimeo.com/1', minutes: 0 })).toBe(
      'Please provide a YouTube link.',
    );
  });
});
