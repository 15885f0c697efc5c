import { LIMITS } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_RESOURCE, RESOURCE_MESSAGES, resourceFormErrors } from './resource-rules';

const dates = { liveAt: '2025-03-01T10:00', recordingAt: '2025-03-01T12:00' };
const youtube = 'https://www.youtube.com/watch?v=abc123';
const link = { ...EMPTY_RESOURCE, ...dates, link: youtube, minutes: 5 };
const notes = () => new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' });
const onSubmit = { submitted: true };

describe("resourceFormErrors: the contract's limits, before anything is sent", () => {
  it("refuses a name over the contract's length in its words, for a link and before a file's upload", () => {
    const long = 'n'.repeat(LIMITS.resourceNameMax + 1);
    const name = `Resource name must be at most ${LIMITS.resourceNameMax} characters.`;
    expect(resourceFormErrors({ ...link, name: long }, onSubmit)).toEqual({ name });
    expect(resourceFormErrors({ ...EMPTY_RESOURCE, ...dates, file: notes(), name: long }, onSubmit)).toEqual({ name });
    expect(resourceFormErrors({ ...link, name: 'n'.repeat(LIMITS.resourceNameMax) }, onSubmit)).toEqual({});
  });

  it('lets the link stand in for a blank name', () => {
    expect(resourceFormErrors({ ...link, name: '   ' }, onSubmit)).toEqual({});
  });

  it("refuses a length over the contract's longest, saying what the longest is", () => {
    // 1 000 000 s is the contract's ceiling: 277 h 46 min 40 s.
    expect(resourceFormErrors({ ...link, hours: 277, minutes: 46, seconds: 40 }, onSubmit)).toEqual({});
    expect(resourceFormErrors({ ...link, hours: 277, minutes: 46, seconds: 41 }, onSubmit)).toEqual({
      duration: 'Please provide a valid duration: at most 277 hours, 46 minutes and 40 seconds.',
    });
  });

  it('says which part of a length is out of range, as it is typed', () => {
    expect(resourceFormErrors({ ...link, seconds: 75 }, { submitted: false })).toEqual({
      seconds: 'Seconds must be a whole number from 0 to 59.',
    });
    expect(resourceFormErrors({ ...link, hours: -1, minutes: 1.5 }, { submitted: false })).toEqual({
      hours: 'Hours must be a whole number, 0 or more.',
      minutes: 'Minutes must be a whole number from 0 to 59.',
    });
  });

  it("refuses a YouTube link over the contract's url length, in words that name no field", () => {
    const longLink = `${youtube}&t=${'1'.repeat(LIMITS.urlMax)}`;
    expect(resourceFormErrors({ ...link, link: longLink, name: 'Lecture 4' }, onSubmit)).toEqual({
      link: `The link must be at most ${LIMITS.urlMax} characters.`,
    });
  });

  it.each([
    [{ liveAt: '0050-06-01T12:00' }, { liveAt: 'Live At: Enter a real date and time between 1900 and 2100.' }],
    [
      { recordingAt: '2026-02-29T10:00' },
      { recordingAt: 'Recording At: Enter a real date and time between 1900 and 2100.' },
    ],
    [{ expiresAt: '2101-01-01T00:00' }, { expiresAt: 'Expires At: Enter a real date and time between 1900 and 2100.' }],
  ])("refuses %o with the contract's sentence under the field, before anything is sent", (change, errors) => {
    expect(resourceFormErrors({ ...link, ...change }, onSubmit)).toEqual(errors);
    expect(resourceFormErrors({ ...EMPTY_RESOURCE, ...dates, ...change, file: notes() }, onSubmit)).toEqual(errors);
  });

  it('takes the first and last days of the range, a leap day, and no expiry', () => {
    const edges = { liveAt: '1900-01-01T00:00', recordingAt: '2024-02-29T10:00', expiresAt: '2100-12-31T23:59' };
    expect(resourceFormErrors({ ...link, ...edges }, onSubmit)).toEqual({});
    expect(resourceFormErrors({ ...link, expiresAt: '' }, onSubmit)).toEqual({});
  });

  it('says every problem at once, each under its own field', () => {
    expect(resourceFormErrors({ ...link, link: 'https://vimeo.com/1', minutes: 0, liveAt: '' }, onSubmit)).toEqual({
      link: RESOURCE_MESSAGES.notYoutube,
      liveAt: 'Please provide both Live At and Recording At dates.',
      duration: 'Please provide a valid duration: the video must be longer than 0 seconds.',
    });
  });

  it('before a submit, says only what is wrong, not what is still to come', () => {
    const typing = { ...EMPTY_RESOURCE, link: 'https://vimeo.com/1' };
    expect(resourceFormErrors(typing, { submitted: false })).toEqual({});
    expect(resourceFormErrors(typing, { submitted: false, linkLeft: true })).toEqual({
      link: 'This is not a YouTube link: only YouTube links can be added.',
    });
  });

  it("never requires a video's length: one the browser could not read may be typed, else the server measures it", () => {
    const video = new File(['webm'], 'lecture.webm', { type: 'video/webm' });
    const values = { ...EMPTY_RESOURCE, ...dates, file: video };
    expect(resourceFormErrors(values, { ...onSubmit, videoLength: 'read' })).toEqual({});
    expect(resourceFormErrors(values, { ...onSubmit, videoLength: 'unread' })).toEqual({});
    expect(resourceFormErrors({ ...values, minutes: 60 }, { ...onSubmit, videoLength: 'unread' })).toEqual({
      minutes: RESOURCE_MESSAGES.minutes,
    });
    expect(resourceFormErrors({ ...values, minutes: 3 }, { ...onSubmit, videoLength: 'unread' })).toEqual({});
  });
});
