import { adsManagerUrl, type MetaPushStatus } from '@brandloom/contracts';
import { Alert, Box, Chip, CircularProgress, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useMetaPushes } from '../api/meta';
import { scrollShadowsSx } from '../../../components/scrollShadowsSx';
import { formatDate } from '../../../lib/i18n/format';

const STATUS_COLOR: Record<MetaPushStatus, 'default' | 'info' | 'success' | 'error'> = { pending: 'default', running: 'info', completed: 'success', failed: 'error' };

/** Every push of the organization, newest first: what went where, and how it ended. */
export function MetaPushHistory() {
  const pushes = useMetaPushes();
  if (pushes.isPending) return <CircularProgress size={24} aria-label="Loading push history" />;
  if (pushes.isError) return <Alert severity="error">Could not load the push history. Please try again.</Alert>;
  if (pushes.data.pushes.length === 0) return <Typography color="text.secondary">No assets pushed to Meta yet.</Typography>;
  return (
    <TableContainer sx={scrollShadowsSx} tabIndex={0} role="region" aria-label="Push history table">
      <Table size="small" aria-label="Push history">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Asset</TableCell>
            <TableCell>Creative</TableCell>
            <TableCell>Ad account</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Ad</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {pushes.data.pushes.map((push) => (
            <TableRow key={push.id}>
              <TableCell>{formatDate(push.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</TableCell>
              <TableCell>{push.assetName ?? 'Deleted asset'}</TableCell>
              <TableCell>{push.creativeName}</TableCell>
              <TableCell>{push.adAccountId.replace(/^act_/, '')}</TableCell>
              <TableCell>
                <Chip size="small" label={push.status} color={STATUS_COLOR[push.status]} />
              </TableCell>
              <TableCell>
                {push.adId ? (
                  <Link href={adsManagerUrl(push.adAccountId, push.adId)} target="_blank" rel="noopener noreferrer">
                    View in Ads Manager
                  </Link>
                ) : (
                  <Box component="span" sx={{ color: push.error ? 'error.main' : 'text.secondary' }}>
                    {push.error ?? '—'}
                  </Box>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
