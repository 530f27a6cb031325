import { Alert, Box, Container, Link, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useLocale } from '../../../lib/i18n/format';
import { FALLBACK_LANGUAGE } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/translate';
import { LEGAL_LAST_UPDATED, type LegalDocument } from '../documents';
import { PublicPageHeader, PublicPageFooter } from './PublicPageFrame';

/** A legal document with its last-updated date and a table of contents linking each section. */
export function LegalDocumentView({ document: doc }: { document: LegalDocument }) {
  const t = useT();
  const locale = useLocale();
  useEffect(() => {
    window.document.title = t(doc.headKey);
  }, [t, doc.headKey]);
  return (
    <>
      <PublicPageHeader />
      {/* The legal text itself stays English in every language (the notice says so): marked as such for screen readers. */}
      <Container component="main" maxWidth="md" lang={FALLBACK_LANGUAGE} sx={{ py: { xs: 4, md: 6 } }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 32, md: 42 } }}>
          {doc.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Last updated: <time>{LEGAL_LAST_UPDATED}</time>
        </Typography>
        {locale !== FALLBACK_LANGUAGE && (
          <Alert severity="info" sx={{ mt: 3 }} lang={locale}>
            {t('public.translationNotice')}
          </Alert>
        )}
        <Typography sx={{ mt: 3 }}>{doc.intro}</Typography>
        <Box component="nav" aria-labelledby="toc-title" sx={{ my: 4, p: 3, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <Typography id="toc-title" variant="h6" component="h2">
            Contents
          </Typography>
          <Box component="ol" sx={{ mb: 0 }}>
            {doc.sections.map((section) => (
              <li key={section.id}>
                <Link href={`#${section.id}`}>{section.title}</Link>
              </li>
            ))}
          </Box>
        </Box>
        {doc.sections.map((section, index) => (
          <Box component="section" key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} sx={{ mt: 4, scrollMarginTop: 16 }}>
            <Typography id={`${section.id}-title`} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {index + 1}. {section.title}
            </Typography>
            {section.blocks.map((block, i) =>
              typeof block === 'string' ? (
                <Typography key={i} sx={{ mt: 1.5 }}>
                  {block}
                </Typography>
              ) : (
                <Box component="ul" key={i} sx={{ mt: 1.5 }}>
                  {block.list.map((item) => (
                    <Typography component="li" key={item} sx={{ mb: 0.75 }}>
                      {item}
                    </Typography>
                  ))}
                </Box>
              ),
            )}
          </Box>
        ))}
      </Container>
      <PublicPageFooter />
    </>
  );
}
