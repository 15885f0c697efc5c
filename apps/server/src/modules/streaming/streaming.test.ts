import { describe, expect, it } from 'vitest';
import { reasonOf } from './ffmpeg.js';
import { renditionKeys } from './keys.js';
import { ladderFor } from './ladder.js';
import { ProgressParser } from './progress.js';
import { rewritePlaylist, signStream, verifyStream } from './signing.js';

describe('ladderFor', () => {
  it('makes 360p, 540p and 720p of a 1080p source, widths even and the aspect kept', () => {
    expect(ladderFor(1920, 1080).map((r) => [r.name, r.width, r.frameHeight])).toEqual([
      ['360p', 640, 360],
      ['540p', 960, 540],
      ['720p', 1280, 720],
    ]);
  });

  it('makes none above the source, and one of its own size below 360p', () => {
    expect(ladderFor(960, 540).map((r) => r.height)).toEqual([360, 540]);
    expect(ladderFor(426, 240).map((r) => [r.height, r.width])).toEqual([[240, 426]]);
  });

  it('reads a portrait video by its shorter side', () => {
    expect(ladderFor(720, 1280).map((r) => [r.name, r.width, r.frameHeight])).toEqual([
      ['360p', 360, 640],
      ['540p', 540, 960],
      ['720p', 720, 1280],
    ]);
  });

  it('keeps the 360p rung (Data saver) under 3.5 MB a minute at its peak', () => {
    const low = ladderFor(1920, 1080)[0];
    expect(((low?.bandwidth ?? 0) / 8) * 60).toBeLessThan(3.5e6);
  });
});

describe('ProgressParser', () => {
  it("reports each block's media time, whatever the chunks' boundaries", () => {
    const seen: [number | null, boolean][] = [];
    const parser = new ProgressParser((seconds, ended) => seen.push([seconds, ended]));
    parser.push('frame=10\nout_time_us=N/A\nprogress=continue\nframe=20\nout_ti');
    parser.push('me_us=2500000\nout_time_ms=2500000\nprogress=cont');
    parser.push('inue\nout_time_us=4000000\nprogress=end\n');
    expect(seen).toEqual([
      [null, false],
      [2.5, false],
      [4, true],
    ]);
  });
});

describe('reasonOf', () => {
  it("gives ffmpeg's last line without its component prefix", () => {
    expect(
      reasonOf('[mov,mp4 @ 0x55d]  moov atom not found\n/tmp/x.mp4: Invalid data found when processing input\n'),
    ).toBe('/tmp/x.mp4: Invalid data found when processing input');
    expect(reasonOf('')).toBeNull();
  });
});

describe('signed streaming addresses', () => {
  const secret = 'a-secret-of-the-server-long-enough-to-sign';
  const query = (text: string) => {
    const params = new URLSearchParams(text);
    return { s: Number(params.get('s')), e: Number(params.get('e')), sig: params.get('sig') ?? '' };
  };

  it('hold for their lecture and student until they expire', () => {
    const signed = query(signStream(secret, 7, 5, 2000));
    expect(verifyStream(secret, 7, signed, 1000)).toBe('ok');
    expect(verifyStream(secret, 7, signed, 2001)).toBe('expired');
    expect(verifyStream(secret, 8, signed, 1000)).toBe('invalid');
    expect(verifyStream(secret, 7, { ...signed, s: 6 }, 1000)).toBe('invalid');
    expect(verifyStream(secret, 7, { ...signed, e: 3000 }, 1000)).toBe('invalid');
    expect(verifyStream('another-secret-of-another-server-entirely', 7, signed, 1000)).toBe('invalid');
  });

  it('are passed on to every address of a playlist, and nothing else', () => {
    const playlist = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=422400\n360p/index.m3u8\n\n#EXTINF:2.0,\nseg_00000.ts\n';
    expect(rewritePlaylist(playlist, 's=5&e=9&sig=x')).toBe(
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=422400\n360p/index.m3u8?s=5&e=9&sig=x\n\n#EXTINF:2.0,\nseg_00000.ts?s=5&e=9&sig=x\n',
    );
  });
});

describe('renditionKeys', () => {
  it('names every file of a finished set', () => {
    expect(renditionKeys('streams/7/g', [{ height: 360, width: 640, bandwidth: 1, segments: 2 }])).toEqual([
      'streams/7/g/master.m3u8',
      'streams/7/g/poster.jpg',
      'streams/7/g/360p/index.m3u8',
      'streams/7/g/360p/seg_00000.ts',
      'streams/7/g/360p/seg_00001.ts',
    ]);
  });
});
