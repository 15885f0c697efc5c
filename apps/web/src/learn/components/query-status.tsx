import { failureText } from '../lib/api';
import { knownMessage } from '../lib/i18n';

type Props = {
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** Shown while the first answer is on its way ("Loading your marks…"). */
  loading: string;
  /** Said when the server gave no reason of its own. */
  failed: string;
};

/** A screen's data on its way, or why it could not be had: the server's sentence, else `failed`. */
export function QueryStatus({ query, loading, failed }: Props) {
  if (query.isPending && !query.isError) return <p className="loading">{loading}</p>;
  if (!query.isError) return null;
  return (
    <p className="alert error" role="alert">
      {knownMessage(failureText(query.error, failed))}
    </p>
  );
}
