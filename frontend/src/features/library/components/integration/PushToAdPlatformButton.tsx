import CampaignIcon from '@mui/icons-material/Campaign';
import { Button } from '@mui/material';

/** The detail dialog's "Push to ad platform" button: opens the push dialog. */
export function PushToAdPlatformButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outlined" startIcon={<CampaignIcon />} onClick={onClick} data-testid="push-to-ad-platform">
      Push to ad platform
    </Button>
  );
}
