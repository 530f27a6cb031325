import { Alert, Box, Container, Link, Typography } from '@mui/material';
import { useEffect } from 'react';
import { formatDate } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/translate';
import { supportEmail } from '../supportEmail';
import { LEGAL_LAST_UPDATED, useLegalTexts, type LegalDocument, type LegalTexts } from '../texts';
import { PublicPageHeader, PublicPageFooter } from './PublicPageFrame';

/** A legal document in the active language, with its last-updated date and a table of contents linking each section. */
export function LegalDocumentView({ document: pick }: { document: (texts: LegalTexts, supportEmail: string) => LegalDocument }) {
  const t = useT();
  const texts = useLegalTexts();
  const doc = texts && pick(texts, supportEmail());
  useEffect(() => {
    if (doc) window.document.title = t(doc.headKey);
  }, [t, doc]);
  return (
    <>
      <PublicPageHeader />
      <Container component="main" maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        {texts && doc && (
          <>
            <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 32, md: 42 }, overflowWrap: 'break-word', hyphens: 'auto' }}>
              {doc.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {texts.lastUpdated} <time dateTime={LEGAL_LAST_UPDATED}>{formatDate(LEGAL_LAST_UPDATED, { dateStyle: 'long', timeZone: 'UTC' })}</time>
            </Typography>
            {texts.prevails && (
              <Alert severity="info" sx={{ mt: 3 }} data-testid="legal-prevails">
                {texts.prevails}
              </Alert>
            )}
            <Typography sx={{ mt: 3 }}>{doc.intro}</Typography>
            <Box component="nav" aria-labelledby="toc-title" sx={{ my: 4, p: 3, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
              <Typography id="toc-title" variant="h6" component="h2">
                {texts.contents}
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
                <Typography id={`${section.id}-title`} variant="h5" component="h2" sx={{ fontWeight: 700, overflowWrap: 'break-word', hyphens: 'auto' }}>
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
          </>
        )}
      </Container>
      <PublicPageFooter />
    </>
  );
}
