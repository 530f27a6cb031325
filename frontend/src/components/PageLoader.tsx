import { Box, CircularProgress, Typography } from '@mui/material';

/** A centred spinner with an optional title and message, for loading and redirecting states. */
export function PageLoader({ title, message }: { title?: string; message?: string }) {
  return (
    <Box
      role="status"
      sx={{ minHeight: '50vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      <CircularProgress aria-label={title ?? 'Loading'} />
      {title && <Typography variant="h6">{title}</Typography>}
      {message && <Typography color="text.secondary">{message}</Typography>}
    </Box>
  );
}
