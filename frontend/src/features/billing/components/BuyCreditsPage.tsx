import { Typography } from '@mui/material';

export default function BuyCreditsPage() {
  return (
    <Typography variant="h4" component="h2">
      Buy Credits
    </Typography>
  );
}
