import { ANNUAL_PRICING_PLANS, MONTHLY_PRICING_PLANS, PRICING_BUNDLES, type PricingPlan } from '@brandloom/contracts';
import { CheckIcon } from './icons';
import { Box, Typography } from '@mui/material';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Column, LinkButton, Pill, PlainButton } from '../../../components/light/controls';
import { formatCurrency } from '../../../lib/i18n/format';
import { usePublicHref, useT, type MessageKey, type Translate } from '../../../lib/i18n/translate';
import { BUNDLE_NAME_KEYS, PLAN_FEATURE_KEYS } from '../content';

type Period = 'monthly' | 'annual';
const wholeUsd = (amount: number) => formatCurrency(amount, 'USD', { maximumFractionDigits: 0 });

const cardSx = { position: 'relative', display: 'flex', flexDirection: 'column', p: 3, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.paper' } as const;

/** A plan's feature or a bundle's name in the page's language (a name the catalogue does not know stays as it is). */
const named = (t: Translate, keys: Readonly<Record<string, MessageKey>>, text: string) => (keys[text] ? t(keys[text]) : text);

function PlanCard({ plan, period }: { plan: PricingPlan; period: Period }) {
  const t = useT();
  const href = usePublicHref();
  return (
    <Box component="li" sx={{ ...cardSx, ...(plan.popular ? { borderColor: 'primary.main', borderWidth: 2, boxShadow: 4 } : {}) }}>
      {plan.popular && <Pill sx={{ position: 'absolute', top: -12, left: 24, bgcolor: 'primary.main', color: 'primary.contrastText' }}>{t('landing.pricing.popular')}</Pill>}
      <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
        {plan.name}
      </Typography>
      <Typography sx={{ mt: 1 }}>
        <Box component="span" sx={{ fontSize: 34, fontWeight: 800 }}>
          {wholeUsd(plan.price)}
        </Box>{' '}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {period === 'monthly' ? t('landing.pricing.perMonth') : t('landing.pricing.perYear')}
        </Box>
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ minHeight: '1.5em' }}>
        {plan.monthlyEquivalent !== undefined ? t('landing.pricing.aboutMonthly', { price: wholeUsd(plan.monthlyEquivalent) }) : t('landing.pricing.billedMonthly')}
      </Typography>
      <Typography sx={{ mt: 1, fontWeight: 600 }}>
        {t(period === 'monthly' ? 'landing.pricing.creditsPerMonth' : 'landing.pricing.creditsPerYear', { count: plan.credits })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, my: 2, flexGrow: 1 }}>
        {plan.features.map((feature) => (
          <Box component="li" key={feature} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.25, fontSize: 14 }}>
            <CheckIcon size={20} color="#15803d" /> {named(t, PLAN_FEATURE_KEYS, feature)}
          </Box>
        ))}
      </Box>
      <LinkButton
        href={href('/signup')}
        variant={plan.popular ? 'contained' : 'outlined'}
        fullWidth
        aria-label={t(period === 'monthly' ? 'landing.pricing.getStartedMonthly' : 'landing.pricing.getStartedAnnual', { plan: plan.name })}
      >
        {t('landing.pricing.getStarted')}
      </LinkButton>
    </Box>
  );
}

const grid = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } } as const;

const PERIODS: { value: Period; label: MessageKey }[] = [
  { value: 'monthly', label: 'landing.pricing.monthly' },
  { value: 'annual', label: 'landing.pricing.annual' },
];

/** The WAI-ARIA tabs pattern: one tab stop, arrow keys, Home and End move between the periods. */
function PeriodTabs({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const t = useT();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = PERIODS.findIndex((p) => p.value === period);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: PERIODS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = (next + PERIODS.length) % PERIODS.length;
    onChange(PERIODS[target].value);
    tabs.current[target]?.focus();
  };
  return (
    <Box role="tablist" aria-label={t('landing.pricing.period')} onKeyDown={onKeyDown} sx={{ display: 'flex', justifyContent: 'center', gap: 1, my: 4 }}>
      {PERIODS.map((p, i) => {
        const selected = p.value === period;
        return (
          <PlainButton
            key={p.value}
            ref={(el: HTMLButtonElement | null) => {
              tabs.current[i] = el;
            }}
            role="tab"
            id={`pricing-tab-${p.value}`}
            aria-selected={selected}
            aria-controls="pricing-panel"
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(p.value)}
            sx={[{ minWidth: 120, borderRadius: 999 }, selected ? { bgcolor: 'primary.main', color: 'primary.contrastText' } : { bgcolor: 'transparent', color: 'text.primary', borderColor: 'grey.400' }]}
          >
            {t(p.label)}
            {p.value === 'annual' && (
              <Pill sx={{ bgcolor: '#dcfce7', color: '#166534', fontSize: 12 }}>{t('landing.pricing.save')}</Pill>
            )}
          </PlainButton>
        );
      })}
    </Box>
  );
}

export function Pricing() {
  const [period, setPeriod] = useState<Period>('monthly');
  const plans = period === 'monthly' ? MONTHLY_PRICING_PLANS : ANNUAL_PRICING_PLANS;
  const t = useT();
  const href = usePublicHref();
  return (
    <Box component="section" id="pricing" aria-labelledby="pricing-title" sx={{ py: { xs: 6, md: 10 } }}>
      <Column>
        <Typography id="pricing-title" variant="h3" component="h2" sx={{ fontWeight: 800, fontSize: { xs: 30, md: 40 }, textAlign: 'center' }}>
          {t('landing.pricing.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1 }}>
          {t('landing.pricing.intro')}
        </Typography>
        <PeriodTabs period={period} onChange={setPeriod} />
        <Box id="pricing-panel" role="tabpanel" aria-labelledby={`pricing-tab-${period}`}>
          <Box component="ul" sx={grid}>
            {plans.map((plan) => (
              <PlanCard key={plan.priceId} plan={plan} period={period} />
            ))}
          </Box>
        </Box>
        <Typography variant="h5" component="h3" sx={{ fontWeight: 700, mt: 8, mb: 1, textAlign: 'center' }}>
          {t('landing.pricing.bundlesTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 4 }}>
          {t('landing.pricing.bundlesIntro')}
        </Typography>
        <Box component="ul" sx={{ ...grid, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' } }}>
          {PRICING_BUNDLES.map((bundle) => (
            <Box component="li" key={bundle.priceId} sx={{ ...cardSx, ...(bundle.limited ? { borderColor: 'secondary.main', borderWidth: 2 } : {}) }}>
              {bundle.limited && <Pill sx={{ position: 'absolute', top: -12, left: 24, bgcolor: '#0369a1', color: '#fff' }}>{t('landing.pricing.limited')}</Pill>}
              <Typography variant="h6" component="h4" sx={{ fontWeight: 700 }}>
                {named(t, BUNDLE_NAME_KEYS, bundle.name)}
              </Typography>
              <Typography sx={{ fontSize: 28, fontWeight: 800 }}>{wholeUsd(bundle.price)}</Typography>
              <Typography color="text.secondary" sx={{ mb: 2, flexGrow: 1 }}>
                {t('landing.pricing.bundleCredits', { count: bundle.credits })}
              </Typography>
              <LinkButton href={href('/signup')} variant="outlined" fullWidth aria-label={t('landing.pricing.buyLabel', { bundle: named(t, BUNDLE_NAME_KEYS, bundle.name) })}>
                {t('landing.pricing.buy')}
              </LinkButton>
            </Box>
          ))}
        </Box>
      </Column>
    </Box>
  );
}
