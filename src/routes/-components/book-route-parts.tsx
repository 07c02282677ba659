/** The error screen the book routes (the reader and quiz authoring) share. */
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { NeedsConnection } from '../../features/reader/components/needs-connection';
import { NeedsConnectionError } from '../../features/reader/local/needs-connection-error';
import { BookLoadError } from '../../features/reader/components/load-states';

/** A book that could not be loaded: offline and not downloaded, or the server's failure, with Retry. */
export function BookRouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  if (error instanceof NeedsConnectionError) return <NeedsConnection onRetry={retry} />;
  return <BookLoadError error={error} onRetry={retry} />;
}
