import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import { Box, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useT, type MessageKey } from '../../../lib/i18n/translate';

const CARDS: Array<{ icon: ReactNode; title: MessageKey; text: MessageKey }> = [
  {
    icon: <HelpOutlineIcon color="primary" />,
    title: 'brandBrain.understanding.whatTitle',
    text: 'brandBrain.understanding.whatText',
  },
  {
    icon: <AutoAwesomeOutlinedIcon color="primary" />,
    title: 'brandBrain.understanding.whyTitle',
    text: 'brandBrain.understanding.whyText',
  },
  {
    icon: <PaletteOutlinedIcon color="primary" />,
    title: 'brandBrain.understanding.howTitle',
    text: 'brandBrain.understanding.howText',
  },
];

/** The info section 'Understanding Brand Profiles' with its three cards. */
export function UnderstandingBrandProfiles() {
  const t = useT();
  return (
    <Box component="section" aria-labelledby="understanding-brand-profiles" sx={{ mt: 6 }}>
      <Typography id="understanding-brand-profiles" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('brandBrain.understanding.title')}
      </Typography>
      <Grid container spacing={2}>
        {CARDS.map((card) => (
          <Grid key={card.title} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                  {card.icon}
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {t(card.title)}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {t(card.text)}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
