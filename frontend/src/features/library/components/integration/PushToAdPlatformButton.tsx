import CampaignIcon from '@mui/icons-material/Campaign';
import { Button } from '@mui/material';
import { useAdNetworkSlots } from '../../../../lib/adNetworkSlots';
import { useT } from '../../../../lib/i18n/translate';

/**
 * The detail dialog's "Push to ad platform" button: opens the push dialog. On a plan without Meta
 * it names the plan that includes it, and the dialog it opens leads to the upgrade.
 */
export function PushToAdPlatformButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  const requiredPlan = useAdNetworkSlots().usePushPlanRequired();
  return (
    <Button variant="outlined" startIcon={<CampaignIcon />} onClick={onClick} data-testid="push-to-ad-platform">
      {requiredPlan ? t('library.pushToAdPlatformPlan', { plan: requiredPlan }) : t('library.pushToAdPlatform')}
    </Button>
  );
}
