import { Box } from '@mui/material';
import { useEffect } from 'react';
import { translate } from '../../../lib/i18n/translate';
import { Gallery } from './Gallery';
import { Hero } from './Hero';
import { LandingHeader } from './LandingHeader';
import { Pricing } from './Pricing';
import { Benefits, FinalCta, Features, HowItWorks, LandingFooter, Testimonials } from './Sections';

/** `/`: pre-rendered at build time (src/public) and hydrated; the SPA shows the same component. */
export default function LandingPage() {
  useEffect(() => {
    document.title = translate('public.head.landing');
  }, []);
  return (
    <>
      <LandingHeader />
      <Box component="main">
        <Hero />
        <Gallery />
        <Benefits />
        <Features />
        <HowItWorks />
        <Testimonials />
        <Pricing />
        <FinalCta />
      </Box>
      <LandingFooter />
    </>
  );
}
