import { CREDIT_COST_PER_IMAGE, type ImageQuality } from '@brandloom/contracts';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { formatCredits } from '../format';

const QUALITY_LABELS: Record<ImageQuality, string> = { low: 'Low quality', medium: 'Medium quality', high: 'High quality' };

/** What one image costs at each quality. */
export function CreditCostCard() {
  return (
    <Card component="section" aria-labelledby="credit-cost-heading">
      <CardContent>
        <Typography id="credit-cost-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
          Cost per image
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1 }}>
          {(Object.keys(CREDIT_COST_PER_IMAGE) as ImageQuality[]).map((quality) => (
            <Box key={quality} sx={{ display: 'contents' }} data-testid={`cost-${quality}`}>
              <Typography component="dt" color="text.secondary">
                {QUALITY_LABELS[quality]}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
                {formatCredits(CREDIT_COST_PER_IMAGE[quality])}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          A generation costs this times its number of variations.
        </Typography>
      </CardContent>
    </Card>
  );
}
