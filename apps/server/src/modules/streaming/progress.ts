/**
 * Reads ffmpeg's `-progress pipe:1` output: blocks of `key=value` lines, each ending with
 * `progress=continue` (or `progress=end`). Fed chunks as they come (a line may be split across
 * two), it reports the media time reached, in seconds, at the end of every block.
 */
export class ProgressParser {
  private pending = '';
  private outTime: number | null = null;
  /** The last media time a block reported; null before the first. */
  reached: number | null = null;
  ended = false;

  constructor(private readonly onBlock: (seconds: number | null, ended: boolean) => void) {}

  push(chunk: string): void {
    this.pending += chunk;
    let newline = this.pending.indexOf('\n');
    while (newline >= 0) {
      this.line(this.pending.slice(0, newline).trim());
      this.pending = this.pending.slice(newline + 1);
      newline = this.pending.indexOf('\n');
    }
  }

  private line(line: string): void {
    const equals = line.indexOf('=');
    if (equals < 0) return;
    const key = line.slice(0, equals);
    const value = line.slice(equals + 1);
    if (key === 'out_time_us' || key === 'out_time_ms') {
      // Both are microseconds (out_time_ms is misnamed in ffmpeg); N/A before the first frame.
      const micros = Number(value);
      if (Number.isFinite(micros) && micros >= 0) this.outTime = micros / 1e6;
    } else if (key === 'progress') {
      if (this.outTime !== null) this.reached = this.outTime;
      this.ended = value === 'end';
      this.onBlock(this.reached, this.ended);
    }
  }
}
