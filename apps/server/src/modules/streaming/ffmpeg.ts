import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ladderFor, type Rung } from './ladder.js';
import { ProgressParser } from './progress.js';

/** The system's ffmpeg and ffprobe (Debian's `ffmpeg` package brings both). */
/** `lowPriority`: the command and arguments a tool is started under so that it yields the cores. */
export type FfmpegTools = { ffmpeg: string; ffprobe: string; lowPriority: string[] };

async function executable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function onPath(name: string, pathVariable = process.env.PATH ?? ''): Promise<string | null> {
  for (const dir of pathVariable.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (await executable(candidate)) return candidate;
  }
  return null;
}

/**
 * ffmpeg at `FFMPEG_PATH` or on PATH, and ffprobe at `FFPROBE_PATH`, beside that ffmpeg, or on
 * PATH; null when either is missing (videos then play as uploaded).
 */
export async function findFfmpeg(options: { ffmpegPath?: string | undefined; ffprobePath?: string | undefined }) {
  const ffmpeg = options.ffmpegPath
    ? (await executable(options.ffmpegPath))
      ? options.ffmpegPath
      : null
    : await onPath('ffmpeg');
  if (!ffmpeg) return null;
  const beside = path.join(path.dirname(ffmpeg), 'ffprobe');
  const ffprobe = options.ffprobePath
    ? (await executable(options.ffprobePath))
      ? options.ffprobePath
      : null
    : (await executable(beside))
      ? beside
      : await onPath('ffprobe');
  if (!ffprobe) return null;
  return { ffmpeg, ffprobe, lowPriority: await lowPriorityPrefix() } satisfies FfmpegTools;
}

/**
 * Linux's idle scheduling class (`chrt --idle 0`) runs ffmpeg only on cycles nothing else wants:
 * `nice -n 10` alone still took a fair share from the server on 2 cores, and the students page's p99
 * tripled during a transcode. Lowering one's own priority needs no privilege; where `chrt` is
 * missing, `nice` does what it can.
 */
async function lowPriorityPrefix(): Promise<string[]> {
  const nice = await onPath('nice');
  const chrt = process.platform === 'linux' ? await onPath('chrt') : null;
  if (chrt) return nice ? [chrt, '--idle', '0', nice, '-n', '19'] : [chrt, '--idle', '0'];
  return nice ? [nice, '-n', '10'] : [];
}

/** What a transcode needs to know of its source. */
export type SourceInfo = {
  /** Seconds; null when the file does not say (a WebM from MediaRecorder). */
  duration: number | null;
  /** The displayed size (a phone's rotation applied). */
  width: number;
  height: number;
  fps: number;
  hasAudio: boolean;
};

export class TranscodeError extends Error {}

type RunResult = { stdout: string; stderr: string };

/**
 * Runs a tool as a child process (never through a shell) at low priority (`lowPriority`), so a
 * transcode takes the cores only when the server does not need them. `onStdout` sees the output as it comes; stderr is kept
 * to its last 4 KB for the reason of a failure.
 */
function run(
  tools: FfmpegTools,
  file: string,
  args: string[],
  options: { signal?: AbortSignal | undefined; onStdout?: (chunk: string) => void; keepStdout?: boolean } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new TranscodeError('The transcode was stopped.'));
    const [command, ...commandArgs] = [...tools.lowPriority, file, ...args] as [string, ...string[]];
    let child: ChildProcess;
    try {
      child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      return reject(error);
    }
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      if (options.keepStdout) stdout += chunk;
      options.onStdout?.(chunk);
    });
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4096);
    });
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', abort);
      reject(error);
    });
    child.on('close', (code, signalName) => {
      options.signal?.removeEventListener('abort', abort);
      if (options.signal?.aborted) return reject(new TranscodeError('The transcode was stopped.'));
      if (code === 0) return resolve({ stdout, stderr });
      reject(new TranscodeError(reasonOf(stderr) ?? `${path.basename(file)} ended with ${code ?? signalName}.`));
    });
  });
}

/** The last line ffmpeg wrote about a failure, without its `[component @ 0x…]` prefix. */
export function reasonOf(stderr: string): string | null {
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^\[[^\]]*\]\s*/, '').trim())
    .filter((line) => line.length > 0);
  const line = lines.at(-1);
  return line ? line.slice(0, 300) : null;
}

type ProbeStream = {
  codec_type?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
};

const rate = (text: string | undefined) => {
  const [num, den] = (text ?? '').split('/').map(Number);
  const value = den ? (num ?? 0) / den : (num ?? 0);
  return Number.isFinite(value) && value > 0 && value < 1000 ? value : null;
};

/** The source's length, displayed size, frame rate and whether it has sound, from ffprobe. */
export async function probe(tools: FfmpegTools, input: string, signal?: AbortSignal): Promise<SourceInfo> {
  let result: RunResult;
  try {
    result = await run(
      tools,
      tools.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input],
      { signal, keepStdout: true },
    );
  } catch (error) {
    if (error instanceof TranscodeError)
      throw new TranscodeError(`The file could not be read as a video: ${error.message}`);
    throw error;
  }
  const info = JSON.parse(result.stdout) as { streams?: ProbeStream[]; format?: { duration?: string } };
  const video = info.streams?.find((stream) => stream.codec_type === 'video' && stream.width && stream.height);
  if (!video?.width || !video.height) throw new TranscodeError('The file has no video stream.');
  const rotation = Math.abs(Number(video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation)?.rotation ?? 0));
  const turned = rotation % 180 === 90;
  const duration = Number(info.format?.duration ?? video.duration);
  return {
    duration: Number.isFinite(duration) && duration > 0 ? duration : null,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    fps: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate) ?? 30,
    hasAudio: info.streams?.some((stream) => stream.codec_type === 'audio') ?? false,
  };
}

/**
 * The length of a file that does not state it (a WebM from MediaRecorder): its video read through
 * without decoding, to the last packet. Quick, since nothing is decoded.
 */
export async function measureDuration(tools: FfmpegTools, input: string, signal?: AbortSignal): Promise<number | null> {
  let reached: number | null = null;
  const parser = new ProgressParser((seconds) => {
    reached = seconds;
  });
  await run(
    tools,
    tools.ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-i',
      input,
      '-map',
      '0:v:0',
      '-c',
      'copy',
      '-f',
      'null',
      '-progress',
      'pipe:1',
      '-nostats',
      '-',
    ],
    { signal, onStdout: (chunk) => parser.push(chunk) },
  );
  return reached;
}

/** Seconds between forced keyframes: every rendition cuts at the same instants. */
export const KEYFRAME_SECONDS = 2;
/**
 * The segment length. ffmpeg's shorter first segments (`-hls_init_time`) apply only to a playlist
 * that drops old entries, so a VOD playlist would be cut into 2 s segments throughout (measured: 60
 * segments for 2 minutes): every segment is 6 s, cut at the same instants in every rendition.
 */
export const SEGMENT_SECONDS = 6;
/** Frame rates above this are halved in effect: a lecture gains nothing from 60 frames a second. */
const MAX_FPS = 30;

/** The ffmpeg arguments of one transcode to the whole ladder (also what `bench:video` runs alone). */
export function ladderArgs(input: string, outDir: string, source: SourceInfo, ladder: Rung[]): string[] {
  const fps = Math.min(MAX_FPS, Math.round(source.fps * 100) / 100);
  const gop = Math.max(1, Math.round(fps * KEYFRAME_SECONDS));
  const portrait = source.height > source.width;
  const splits = ladder.map((_, index) => `[s${index}]`).join('');
  const scales = ladder
    .map(
      (rung, index) =>
        `[s${index}]scale=${portrait ? `${rung.width}:-2` : `-2:${rung.height}`}:flags=bicubic,format=yuv420p[v${index}]`,
    )
    .join(';');
  const filter = `[0:v:0]fps=${fps},split=${ladder.length}${splits};${scales}`;
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', input, '-filter_complex', filter];
  ladder.forEach((_, index) => {
    args.push('-map', `[v${index}]`);
    if (source.hasAudio) args.push('-map', '0:a:0');
  });
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-crf',
    '24',
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
  );
  ladder.forEach((rung, index) => {
    args.push(`-maxrate:v:${index}`, `${rung.videoKbps}k`, `-bufsize:v:${index}`, `${rung.videoKbps * 2}k`);
  });
  if (source.hasAudio) {
    args.push('-c:a', 'aac', '-ac', '2', '-ar', '48000');
    ladder.forEach((rung, index) => {
      args.push(`-b:a:${index}`, `${rung.audioKbps}k`);
    });
  }
  const streamMap = ladder
    .map((rung, index) => `v:${index}${source.hasAudio ? `,a:${index}` : ''},name:${rung.name}`)
    .join(' ');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    path.join(outDir, '%v', 'seg_%05d.ts'),
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    streamMap,
    '-progress',
    'pipe:1',
    '-nostats',
    path.join(outDir, '%v', 'index.m3u8'),
  );
  return args;
}

export type TranscodeResult = {
  duration: number;
  renditions: { height: number; width: number; bandwidth: number; segments: number; name: string }[];
};

/**
 * Turns `input` into HLS in `outDir`: `master.m3u8`, `<height>p/index.m3u8` with its segments
 * `seg_00000.ts`…, and `poster.jpg`. `onProgress` hears 0–1 as ffmpeg reports its time; `signal`
 * stops ffmpeg. The caller owns `outDir` (and removes it on failure).
 */
export async function transcodeToHls(
  tools: FfmpegTools,
  input: string,
  outDir: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<TranscodeResult> {
  const source = await probe(tools, input, signal);
  const duration = source.duration ?? (await measureDuration(tools, input, signal));
  const ladder = ladderFor(source.width, source.height);
  for (const rung of ladder) await mkdir(path.join(outDir, rung.name), { recursive: true });
  let reached = 0;
  const parser = new ProgressParser((seconds) => {
    if (seconds === null) return;
    reached = seconds;
    if (duration) onProgress(Math.min(1, seconds / duration));
  });
  await run(tools, tools.ffmpeg, ladderArgs(input, outDir, source, ladder), {
    signal,
    onStdout: (chunk) => parser.push(chunk),
  });
  const length = duration ?? reached;
  if (!(length > 0)) throw new TranscodeError('The video has no length: no frame could be read.');
  // A still from a third of the way in (at most 10 s): the first frame of a lecture is often black.
  const at = Math.min(10, length / 3);
  await run(
    tools,
    tools.ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-ss',
      at.toFixed(2),
      '-i',
      input,
      '-frames:v',
      '1',
      '-vf',
      `scale=${source.height > source.width ? '-2:min(ih\\,1280)' : '-2:min(ih\\,720)'}`,
      '-q:v',
      '5',
      path.join(outDir, 'poster.jpg'),
    ],
    { signal },
  );
  const renditions = [];
  for (const rung of ladder) {
    const files = await readdir(path.join(outDir, rung.name));
    const segments = files.filter((file) => /^seg_\d{5}\.ts$/.test(file)).length;
    renditions.push({
      name: rung.name,
      height: rung.height,
      width: rung.width,
      bandwidth: rung.bandwidth,
      segments,
    });
  }
  onProgress(1);
  return { duration: Math.round(length * 100) / 100, renditions };
}
