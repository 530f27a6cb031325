import { Typography } from '@mui/material';

export default function BulkGenerationPage() {
  return (
    <Typography variant="h4" component="h2">
      Bulk Generation
    </Typography>
  );
}
