import { CloseIcon, MenuIcon } from './icons';
import { Box } from '@mui/material';
import { useState } from 'react';
import { useSignedIn } from '../hooks/useSignedIn';
import { Column, LinkButton, PlainButton } from '../../../components/light/controls';
import { usePublicHref, useT, type MessageKey } from '../../../lib/i18n/translate';

export const SECTION_LINKS: readonly { href: string; label: MessageKey }[] = [
  { href: '#features', label: 'landing.nav.features' },
  { href: '#how-it-works', label: 'landing.nav.howItWorks' },
  { href: '#pricing', label: 'landing.nav.pricing' },
  { href: '/blog', label: 'blog.list.title' },
];

/** Sign in and sign up, or 'Dashboard' for a signed-in visitor (the pre-rendered page shows the pair). */
function AccountLinks({ signedIn, fullWidth }: { signedIn: boolean; fullWidth?: boolean }) {
  const t = useT();
  const href = usePublicHref();
  if (signedIn)
    return (
      <LinkButton href="/dashboard" variant="contained" fullWidth={fullWidth}>
        {t('nav.dashboard')}
      </LinkButton>
    );
  return (
    <>
      <LinkButton href={href('/signin')} fullWidth={fullWidth}>
        {t('landing.nav.signIn')}
      </LinkButton>
      <LinkButton href={href('/signup')} variant="contained" fullWidth={fullWidth}>
        {t('landing.nav.signUp')}
      </LinkButton>
    </>
  );
}

/**
 * The public pages' header. On the landing page its section links jump within the page; elsewhere
 * (`home="/"`: the blog, the not-found page) they lead to the landing page's sections.
 */
export function LandingHeader({ home = '' }: { home?: '' | '/' }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = useSignedIn();
  const t = useT();
  const publicHref = usePublicHref();
  // The section links lead to the landing page in the page's language.
  const hrefOf = (href: string) => (href.startsWith('#') ? `${home && publicHref('/')}${href}` : publicHref(href));
  return (
    <Box component="header" sx={{ position: 'sticky', top: 0, zIndex: 10, bgcolor: 'rgba(248,250,252,0.92)', borderBottom: 1, borderColor: 'divider', backdropFilter: 'blur(8px)' }}>
      <Column sx={{ display: 'flex', alignItems: 'center', height: 64, gap: 2 }}>
        <Box component="a" href={publicHref('/')} sx={{ fontWeight: 800, fontSize: 22, color: 'primary.main', textDecoration: 'none', mr: 'auto' }}>
          Brandloom
        </Box>
        <Box component="nav" aria-label={t('landing.nav.main')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 1, alignItems: 'center' }}>
          {SECTION_LINKS.map((link) => (
            <LinkButton key={link.href} href={hrefOf(link.href)}>
              {t(link.label)}
            </LinkButton>
          ))}
          <AccountLinks signedIn={signedIn} />
        </Box>
        <PlainButton
          sx={{ display: { xs: 'inline-flex', md: 'none' }, px: 1, bgcolor: 'transparent', color: 'text.primary' }}
          aria-label={menuOpen ? t('landing.nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="landing-mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </PlainButton>
      </Column>
      {menuOpen && (
        <Box
          component="nav"
          id="landing-mobile-menu"
          aria-label={t('landing.nav.mobile')}
          sx={{ display: { md: 'none' }, position: 'absolute', left: 0, right: 0, top: 64, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', boxShadow: 3, p: 2 }}
        >
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            {SECTION_LINKS.map((link) => (
              <LinkButton key={link.href} href={hrefOf(link.href)} onClick={() => setMenuOpen(false)} sx={{ justifyContent: 'flex-start' }}>
                {t(link.label)}
              </LinkButton>
            ))}
            <AccountLinks signedIn={signedIn} fullWidth />
          </Box>
        </Box>
      )}
    </Box>
  );
}
