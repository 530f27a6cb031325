import CampaignIcon from '@mui/icons-material/Campaign';
import { Card, CardContent, CardHeader, Typography } from '@mui/material';

/** The ad-platform integration slot of the library; the Meta issue fills it with the connection card. */
export function IntegrationCard() {
  return (
    <Card variant="outlined" component="section" aria-label="Meta Ads integration">
      <CardHeader
        avatar={<CampaignIcon color="primary" />}
        title="Meta Ads integration"
        slotProps={{ title: { component: 'h3', variant: 'subtitle1' } }}
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          The Meta integration is coming soon: connect your Meta Business account to push assets into your ad campaigns as
          paused ads.
        </Typography>
      </CardContent>
    </Card>
  );
}
