import type { AdminJobDto } from '@brandloom/contracts';
import { Link, Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';

/** Operations narrowed to one generation (the list's `id` filter, shown so it can be cleared). */
export const generationJobPath = (generationId: string) =>
  `/admin/jobs?${new URLSearchParams({ filter: JSON.stringify({ id: `generation:${generationId}` }), displayedFilters: JSON.stringify({ id: true }) })}`;

const shortId = (id: string) => id.slice(0, 8);

/** A retried generation links to the run that retried it, and that run back to it. */
export function RetryLinks() {
  const job = useRecordContext<AdminJobDto>();
  if (!job || (!job.retried_as && !job.retry_of)) return null;
  return (
    <Stack spacing={0.5}>
      {job.retried_as && (
        <Link component={RouterLink} to={generationJobPath(job.retried_as)} title={job.retried_as} sx={{ whiteSpace: 'nowrap' }}>
          Retried as {shortId(job.retried_as)}
        </Link>
      )}
      {job.retry_of && (
        <Link component={RouterLink} to={generationJobPath(job.retry_of)} title={job.retry_of} sx={{ whiteSpace: 'nowrap' }}>
          Retry of {shortId(job.retry_of)}
        </Link>
      )}
    </Stack>
  );
}
