import { Box, Typography } from '@mui/material';
import { BETA_ENDS_IN_DAYS } from '../counters';
import { useLandingCounters } from '../hooks/useLandingCounters';
import { HERO_IMAGE, heroSrcSet } from '../images';
import { Column, LinkButton, Pill } from '../../../components/light/controls';
import { formatNumber } from '../../../lib/i18n/format';
import { usePublicHref, useT } from '../../../lib/i18n/translate';


function Counter({ value, label }: { value: number; label: string }) {
  return (
    <Box>
      {/* Tabular digits and a reserved width: a tick never moves the text around it. */}
      <Typography component="p" sx={{ fontWeight: 800, fontSize: 26, fontVariantNumeric: 'tabular-nums', minWidth: '6ch' }}>
        {formatNumber(value)}
      </Typography>
      <Typography component="p" variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

export function Hero() {
  const counters = useLandingCounters();
  const t = useT();
  const href = usePublicHref();
  return (
    <Box component="section" aria-labelledby="hero-title" sx={{ py: { xs: 6, md: 10 } }}>
      <Column sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: { xs: 4, md: 6 }, alignItems: 'center' }}>
        <Box>
          <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Pill sx={{ border: 1, borderColor: 'primary.main', color: 'primary.main' }}>{t('landing.hero.eyebrow')}</Pill>
            <Pill sx={{ bgcolor: '#fef3c7', color: '#78350f' }}>{t('landing.hero.betaEnds', { days: BETA_ENDS_IN_DAYS })}</Pill>
          </Box>
          <Typography id="hero-title" variant="h2" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 34, md: 52 }, lineHeight: 1.1, overflowWrap: 'break-word' }}>
            {t('landing.hero.title')}
          </Typography>
          <Typography sx={{ mt: 2, fontSize: 19, color: 'text.secondary' }}>{t('landing.hero.promise')}</Typography>
          <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, mt: 4 }}>
            <LinkButton href={href('/signup')} variant="contained" size="large">
              {t('landing.hero.primary')}
            </LinkButton>
            <LinkButton href="#gallery" variant="outlined" size="large">
              {t('landing.hero.secondary')}
            </LinkButton>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 4 }, mt: 4 }} aria-label={t('landing.counters.label')} role="group">
            <Counter value={counters.marketers} label={t('landing.counters.marketers')} />
            <Counter value={counters.spotsRemaining} label={t('landing.counters.spots')} />
            <Counter value={counters.imagesGenerated} label={t('landing.counters.images')} />
          </Box>
        </Box>
        <Box
          component="img"
          src={HERO_IMAGE.url(HERO_IMAGE.widths[1])}
          srcSet={heroSrcSet()}
          sizes={HERO_IMAGE.sizes}
          width={HERO_IMAGE.width}
          height={HERO_IMAGE.height}
          alt={t('landing.hero.alt')}
          fetchPriority="high"
          sx={{ width: '100%', height: 'auto', aspectRatio: `${HERO_IMAGE.width} / ${HERO_IMAGE.height}`, borderRadius: 4, boxShadow: 6, display: 'block' }}
        />
      </Column>
    </Box>
  );
}
