import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from './i18n';
import { formatLimit, formatWhen, timeLeft } from './time';

describe("times in the app's language", () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await switchLanguage('en');
  });

  it("writes a date in the pack's words when the browser's Intl has no data for the language", async () => {
    // Debian's Chromium, for one, has no Sinhala dates: Intl would write "M12" and English day names.
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    await switchLanguage('si');
    expect(formatWhen('2026-12-03T12:30:00Z', 'Asia/Colombo')).toBe('2026 දෙසැ 3, බ්‍රහස්, 18:00');
    await switchLanguage('ta');
    expect(formatWhen('2026-12-03T12:30:00Z', 'Asia/Colombo')).toBe('வியா., 3 டிச., 2026, 18:00');
  });

  it('writes time limits and time left in the language', async () => {
    await switchLanguage('si');
    expect(formatLimit(90)).toBe('පැය 1 මිනිත්තු 30');
    expect(timeLeft('2026-12-03T14:05:00Z', Date.parse('2026-12-03T12:00:00Z'))).toBe('පැය 2 මිනිත්තු 05');
    await switchLanguage('ta');
    expect(formatLimit(120)).toBe('2 மணி');
    expect(timeLeft('2026-12-05T12:00:00Z', Date.parse('2026-12-03T10:00:00Z'))).toBe('2 நாள் 2 மணி');
  });
});
