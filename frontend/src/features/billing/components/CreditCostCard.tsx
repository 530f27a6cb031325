import { CREDIT_COST_PER_IMAGE, type ImageQuality } from '@brandloom/contracts';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useT, type MessageKey } from '../../../lib/i18n/translate';
import { formatCredits } from '../format';

const QUALITY_LABELS: Record<ImageQuality, MessageKey> = { low: 'billing.cost.low', medium: 'billing.cost.medium', high: 'billing.cost.high' };

/** What one image costs at each quality. */
export function CreditCostCard() {
  const t = useT();
  return (
    <Card component="section" aria-labelledby="credit-cost-heading">
      <CardContent>
        <Typography id="credit-cost-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
          {t('billing.cost.heading')}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1 }}>
          {(Object.keys(CREDIT_COST_PER_IMAGE) as ImageQuality[]).map((quality) => (
            <Box key={quality} sx={{ display: 'contents' }} data-testid={`cost-${quality}`}>
              <Typography component="dt" color="text.secondary">
                {t(QUALITY_LABELS[quality])}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
                {formatCredits(CREDIT_COST_PER_IMAGE[quality])}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('billing.cost.note')}
        </Typography>
      </CardContent>
    </Card>
  );
}
