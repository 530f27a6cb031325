import type { MetaDataDeletionStatusDto } from '@brandloom/contracts';
import { Alert, Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ApiError, apiRequest } from '../../../lib/api';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** The status of a deletion request Meta sent for a user, by the confirmation code Meta was given. */
function DeletionRequestStatus({ code }: { code: string }) {
  const status = useQuery({
    queryKey: ['/api/meta/data-deletion', code],
    queryFn: () => apiRequest<MetaDataDeletionStatusDto>('GET', `/api/meta/data-deletion/${encodeURIComponent(code)}`),
    retry: false,
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="deletion-status-heading" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="deletion-status-heading" variant="h6" component="h2" gutterBottom>
          Deletion request {code}
        </Typography>
        {status.isPending && <CircularProgress size={24} aria-label="Loading the request's status" />}
        {status.isError && (
          <Alert severity="warning">
            {status.error instanceof ApiError && status.error.status === 404 ? 'No deletion request has this confirmation code.' : 'The status could not be loaded. Please try again.'}
          </Alert>
        )}
        {status.data && (
          <Box>
            <Typography>
              Status: <strong>{status.data.status === 'completed' ? 'Completed' : status.data.status}</strong>
            </Typography>
            <Typography color="text.secondary">Requested {dateTime.format(new Date(status.data.requested_at))}</Typography>
            {status.data.completed_at && (
              <Typography color="text.secondary">
                Completed {dateTime.format(new Date(status.data.completed_at))}: the Meta access token, cached ad accounts and pages, and push history of this
                Meta user were deleted.
              </Typography>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export default function MetaDeletionPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  return (
    <Box component="main" sx={{ maxWidth: 800, mx: 'auto', p: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Meta Data Deletion Request
      </Typography>
      {code && <DeletionRequestStatus code={code} />}
    </Box>
  );
}
