import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** A titled dashboard card; `action` sits beside the heading (a 'View all' link, a 'New' button). */
export function DashboardSection({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId: string }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} data-testid={testId} variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, height: '100%' }}>
        {/* Words never break inside the heading or its actions: in a narrow column the actions move under the heading instead. */}
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="h6" component="h3" sx={{ whiteSpace: 'nowrap' }}>
            {title}
          </Typography>
          {action && <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, whiteSpace: 'nowrap' }}>{action}</Box>}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** A section's failure, in the product's words. */
export function SectionError({ children }: { children: ReactNode }) {
  return (
    <Typography role="alert" color="error" variant="body2">
      {children}
    </Typography>
  );
}
