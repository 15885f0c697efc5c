import { formatDuration } from '@valence/contract';
import { StatCard } from '../../../components/stat-card';
import { useWatchTotal } from '../api/get-watch-total';

/** The student's total watch time, in hours, minutes and seconds. */
export function WatchTotal({ username }: { username: string }) {
  const total = useWatchTotal(username);
  return (
    <StatCard
      label="Total Watch Time"
      value={total.data === undefined ? '--' : formatDuration(total.data)}
      loading={total.isPending}
    />
  );
}
