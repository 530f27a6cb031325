import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import { Box, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

const CARDS: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <HelpOutlineIcon color="primary" />,
    title: 'What are brand profiles?',
    text: 'A brand profile captures your brand’s colours, typography, visual style and personality in one place, so the AI knows what your brand looks and feels like.',
  },
  {
    icon: <AutoAwesomeOutlinedIcon color="primary" />,
    title: 'Why use them?',
    text: 'Pick a profile in the Studio and every generated image follows your palette, tone and image style: consistent, on-brand assets without repeating your guidelines in each prompt.',
  },
  {
    icon: <PaletteOutlinedIcon color="primary" />,
    title: 'How to create them',
    text: 'Enter your colours, typography and style manually, or extract them automatically by uploading your logo, style guide or other brand images.',
  },
];

/** The info section 'Understanding Brand Profiles' with its three cards. */
export function UnderstandingBrandProfiles() {
  return (
    <Box component="section" aria-labelledby="understanding-brand-profiles" sx={{ mt: 6 }}>
      <Typography id="understanding-brand-profiles" variant="h5" component="h2" sx={{ mb: 2 }}>
        Understanding Brand Profiles
      </Typography>
      <Grid container spacing={2}>
        {CARDS.map((card) => (
          <Grid key={card.title} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                  {card.icon}
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {card.title}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {card.text}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
