import CampaignIcon from '@mui/icons-material/Campaign';
import { Box, Button } from '@mui/material';
import { Tooltip } from '../../../../components/Tooltip';
import type { Asset } from '../../api/types';
import { LIBRARY_TEXT } from '../../messages';

/**
 * The detail dialog's "Push to ad platform" button. Until the Meta integration lands it is
 * disabled and says why; the Meta issue replaces this component with one that opens the push dialog.
 */
export function PushToAdPlatformButton(_props: { asset: Asset }) {
  return (
    <Tooltip title={LIBRARY_TEXT.pushTooltip} describeChild>
      {/* A disabled button fires no pointer events: the wrapper receives them for the tooltip. */}
      <Box component="span" tabIndex={0} sx={{ display: 'inline-flex' }} data-testid="push-to-ad-platform">
        <Button variant="outlined" startIcon={<CampaignIcon />} disabled>
          Push to ad platform
        </Button>
      </Box>
    </Tooltip>
  );
}
