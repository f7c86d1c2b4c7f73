import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Loading } from './Loading';
import { QueryFailed } from './QueryFailed';

interface QueryListSectionProps<T> {
  /** The section's heading, which names it. */
  title: string;
  query: UseQueryResult<T[]>;
  /** What an empty list says. */
  empty: string;
  emptyTestId: string;
  keyOf: (item: T) => string;
  children: (item: T) => ReactNode;
}

/**
 * A section listing what the API gave: a spinner, then its items (or what went wrong, with a
 * retry, or that there is nothing yet).
 */
export function QueryListSection<T>({ title, query, empty, emptyTestId, keyOf, children }: QueryListSectionProps<T>) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={titleId} variant="h6" component="h2">
        {title}
      </Typography>
      {query.isPending && <Loading />}
      {query.isError && <QueryFailed error={query.error} onRetry={() => void query.refetch()} />}
      {query.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary" data-testid={emptyTestId}>
          {empty}
        </Typography>
      )}
      {query.data !== undefined && query.data.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {query.data.map((item) => (
            <li key={keyOf(item)}>{children(item)}</li>
          ))}
        </Box>
      )}
    </Box>
  );
}
