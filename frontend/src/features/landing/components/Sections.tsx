import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Column, LinkButton } from '../../../components/light/controls';
import { LANGUAGE_LABELS, LANGUAGES, localizedPagePath } from '@brandloom/contracts';
import { usePublicHref, useT, type MessageKey } from '../../../lib/i18n/translate';
import { BENEFITS, FEATURES, SOCIAL_LINK, STEPS, TESTIMONIALS } from '../content';

function Section({ id, title, intro, children, tinted }: { id: string; title: string; intro?: string; children: ReactNode; tinted?: boolean }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} sx={{ py: { xs: 6, md: 10 }, bgcolor: tinted ? 'background.paper' : undefined, scrollMarginTop: 64 }}>
      <Column>
        <Typography id={`${id}-title`} variant="h3" component="h2" sx={{ fontWeight: 800, fontSize: { xs: 30, md: 40 }, textAlign: 'center' }}>
          {title}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1 }}>
            {intro}
          </Typography>
        )}
        <Box sx={{ mt: 5 }}>{children}</Box>
      </Column>
    </Box>
  );
}

const cards = (columns: number) =>
  ({ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: `repeat(${columns}, 1fr)` } }) as const;
const card = { p: 3, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.paper' } as const;

export function Benefits() {
  const t = useT();
  return (
    <Section id="benefits" title={t('landing.benefits.title')}>
      <Box component="ul" sx={cards(4)}>
        {BENEFITS.map((b) => (
          <Box component="li" key={b.title} sx={card}>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
              {t(b.title)}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t(b.text)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

export function Features() {
  const t = useT();
  return (
    <Section id="features" title={t('landing.features.title')} intro={t('landing.features.intro')} tinted>
      <Box component="ul" sx={cards(3)}>
        {FEATURES.map((f) => (
          <Box component="li" key={f.title} sx={{ ...card, bgcolor: 'background.default' }}>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
              {t(f.title)}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t(f.text)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

export function HowItWorks() {
  const t = useT();
  return (
    <Section id="how-it-works" title={t('landing.steps.title')} intro={t('landing.steps.intro')}>
      <Box component="ol" sx={cards(3)}>
        {STEPS.map((step, index) => (
          <Box component="li" key={step.title} sx={card}>
            <Box aria-hidden sx={{ width: 40, height: 40, borderRadius: '50%', bgcolor: 'primary.main', color: '#fff', display: 'grid', placeItems: 'center', fontWeight: 800 }}>
              {index + 1}
            </Box>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mt: 2 }}>
              {t(step.title)}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t(step.text)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

export function Testimonials() {
  const translate = useT();
  return (
    <Section id="testimonials" title={translate('landing.testimonials.title')} tinted>
      <Box component="ul" sx={cards(3)}>
        {TESTIMONIALS.map((t) => (
          <Box component="li" key={t.author} sx={{ ...card, bgcolor: 'background.default' }}>
            <Box component="figure" sx={{ m: 0 }}>
              <Typography component="blockquote" sx={{ m: 0, fontSize: 17 }}>
                {translate('landing.testimonials.quoted', { quote: translate(t.quote) })}
              </Typography>
              <Box component="figcaption" sx={{ display: 'flex', gap: 2, mt: 3, alignItems: 'center' }}>
                <Box aria-hidden sx={{ width: 44, height: 44, flexShrink: 0, borderRadius: '50%', bgcolor: 'secondary.dark', color: '#fff', display: 'grid', placeItems: 'center', fontWeight: 700 }}>
                  {t.avatarInitials}
                </Box>
                <Box>
                  <Typography sx={{ fontWeight: 700 }}>{t.author}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate(t.role)}, {t.company}
                  </Typography>
                </Box>
              </Box>
            </Box>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

export function FinalCta() {
  const t = useT();
  const href = usePublicHref();
  return (
    <Box component="section" aria-labelledby="final-cta-title" sx={{ py: { xs: 8, md: 12 }, bgcolor: 'primary.dark', color: '#fff', textAlign: 'center' }}>
      <Column narrow>
        <Typography id="final-cta-title" variant="h3" component="h2" sx={{ fontWeight: 800, fontSize: { xs: 30, md: 40 } }}>
          {t('landing.finalCta.title')}
        </Typography>
        <Typography sx={{ mt: 2, fontSize: 18 }}>{t('landing.finalCta.text')}</Typography>
        <LinkButton href={href('/signup')} variant="contained" size="large" sx={{ mt: 4, bgcolor: '#fff', color: 'primary.dark', '&:hover': { bgcolor: '#e0e7ff' } }}>
          {t('landing.finalCta.button')}
        </LinkButton>
      </Column>
    </Box>
  );
}

const footerLinks: { href: string; label: MessageKey }[] = [
  // Visible at every width (the header's sign-up sits in the menu on a phone).
  { href: '/signup', label: 'landing.footer.signUp' },
  { href: '/privacy', label: 'public.privacyTitle' },
  { href: '/terms', label: 'public.termsTitle' },
  { href: '/blog', label: 'blog.list.title' },
  { href: '/meta-deletion', label: 'landing.footer.dataDeletion' },
];

/** A page (its en-US path) in each language; English with `?lang=en`, which the server never redirects by the browser's language. */
const pageIn = (page: string, language: (typeof LANGUAGES)[number]) => (language === LANGUAGES[0] ? `${page}?lang=en` : localizedPagePath(page, language));

/** The public footer; its language links lead to `page` (an en-US path, the home page by default) in each language. */
export function LandingFooter({ page = '/' }: { page?: string }) {
  const t = useT();
  const href = usePublicHref();
  return (
    <Box component="footer" sx={{ py: 5, borderTop: 1, borderColor: 'divider' }}>
      <Column sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography color="text.secondary" suppressHydrationWarning>{t('landing.footer.rights', { year: String(new Date().getFullYear()) })}</Typography>
        <Box component="nav" aria-label={t('landing.footer.nav')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {footerLinks.map((link) => (
            <Box component="a" key={link.href} href={href(link.href)} sx={{ color: 'text.secondary' }}>
              {t(link.label)}
            </Box>
          ))}
          <Box component="a" href={SOCIAL_LINK.href} target="_blank" rel="noopener noreferrer" sx={{ color: 'text.secondary' }}>
            {t(SOCIAL_LINK.label)}
          </Box>
        </Box>
        <Box component="nav" aria-label={t('public.languages')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {LANGUAGES.map((language) => (
            <Box component="a" key={language} href={pageIn(page, language)} hrefLang={language} lang={language} sx={{ color: 'text.secondary' }}>
              {LANGUAGE_LABELS[language]}
            </Box>
          ))}
        </Box>
      </Column>
    </Box>
  );
}
