import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** A titled card of a settings tab. */
export function SettingsCard({ title, description, children, tone }: { title: string; description?: ReactNode; children: ReactNode; tone?: 'danger' }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined" sx={tone === 'danger' ? { borderColor: 'error.main' } : undefined}>
      <CardContent>
        <Stack spacing={2}>
          <div>
            <Typography id={headingId} variant="h6" component="h3" color={tone === 'danger' ? 'error' : undefined}>
              {title}
            </Typography>
            {description && (
              <Typography variant="body2" color="text.secondary">
                {description}
              </Typography>
            )}
          </div>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
