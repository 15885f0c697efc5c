import { useQuery } from '@tanstack/react-query';
import { formatPerZone } from '@valence/contract';
import { api } from './api';

type Settings = { timeZone: string };

/** The platform's time zone (the one tutors set times in), asked once per visit. */
export function usePlatformZone(): string | undefined {
  return useQuery({
    queryKey: ['settings'],
    queryFn: () => api<Settings>('/settings'),
    staleTime: Number.POSITIVE_INFINITY,
  }).data?.timeZone;
}

const whenFormat = formatPerZone('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "Thu, 3 Dec 2026, 18:00" in the platform's zone (the device's until that is known). */
export function formatWhen(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return whenFormat(timeZone).format(date);
}

/** "2 d 4 h", "3 h 05 min", "12 min", "45 s": what is left until `iso`, or null once it has passed. */
export function timeLeft(iso: string, now: number): string | null {
  const seconds = Math.floor((new Date(iso).getTime() - now) / 1000);
  if (!(seconds > 0)) return null;
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${seconds} s`;
}

/** 760 → "12:40", 3725 → "1:02:05": a playback position as players show it. */
export function clock(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
