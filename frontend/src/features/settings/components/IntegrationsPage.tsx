import { Box, Paper, Typography } from '@mui/material';
import { MetaIntegrationCard } from '../../../components/meta/MetaIntegrationCard';
import { MetaPushHistory } from '../../../components/meta/MetaPushHistory';

/** /settings/integrations: the Meta connection and every push made through it. */
export default function IntegrationsPage() {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h4" component="h2">
        Integrations
      </Typography>
      <Box sx={{ maxWidth: 520 }}>
        <MetaIntegrationCard />
      </Box>
      <Paper variant="outlined" component="section" aria-labelledby="push-history-heading" sx={{ p: 2 }}>
        <Typography id="push-history-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
          Push history
        </Typography>
        <MetaPushHistory />
      </Paper>
    </Box>
  );
}
