import { translate } from '../../../lib/i18n/translate';
import type { MetaDataDeletionStatusDto } from '@brandloom/contracts';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Container, Link, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError, apiRequest } from '../../../lib/api';
import { metaDeletionMailto, useLegalTexts, type MetaDeletionTexts } from '../texts';
import { supportEmail } from '../supportEmail';
import { PublicPageFooter, PublicPageHeader } from './PublicPageFrame';
import { formatDate } from '../../../lib/i18n/format';

const longDateTime = (iso: string) => formatDate(iso, { dateStyle: 'long', timeStyle: 'short' });

/**
 * One request for the status (a plain request: the pre-rendered public pages load without React Query).
 */
function useDeletionStatus(code: string) {
  const [state, setState] = useState<{ data?: MetaDataDeletionStatusDto; error?: unknown }>({});
  useEffect(() => {
    let active = true;
    setState({});
    apiRequest<MetaDataDeletionStatusDto>('GET', `/api/meta/data-deletion/${encodeURIComponent(code)}`).then(
      (data) => active && setState({ data }),
      (error: unknown) => active && setState({ error }),
    );
    return () => {
      active = false;
    };
  }, [code]);
  return { data: state.data, error: state.error, isPending: !state.data && !state.error, isError: !!state.error };
}

/** The status of a deletion request Meta sent for a user, by the confirmation code Meta was given. */
function DeletionRequestStatus({ code, texts }: { code: string; texts: MetaDeletionTexts['status'] }) {
  const status = useDeletionStatus(code);
  return (
    <Card variant="outlined" component="section" aria-labelledby="deletion-status-heading" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="deletion-status-heading" variant="h6" component="h2" gutterBottom>
          {texts.heading(code)}
        </Typography>
        {status.isPending && <CircularProgress size={24} aria-label={texts.loading} />}
        {status.isError && (
          <Alert severity="warning">
            {status.error instanceof ApiError && status.error.status === 404 ? texts.notFound : texts.failed}
          </Alert>
        )}
        {status.data && (
          <Box>
            <Typography>
              {texts.label} <strong>{status.data.status === 'completed' ? texts.completed : status.data.status}</strong>
            </Typography>
            <Typography color="text.secondary">{texts.requested(longDateTime(status.data.requested_at))}</Typography>
            {status.data.completed_at && (
              <Typography color="text.secondary">{texts.completedAt(longDateTime(status.data.completed_at))}</Typography>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function StepCard({ id, title, children, tone }: { id: string; title: string; children: ReactNode; tone?: 'warning' }) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ mb: 3, ...(tone === 'warning' ? { borderColor: 'warning.main', bgcolor: '#fffbeb' } : {}) }}
    >
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The confirmation code Meta's callback answered with, read after hydration (the pre-rendered page has none). */
function useConfirmationCode(): string | null {
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => setCode(new URLSearchParams(window.location.search).get('code')), []);
  return code;
}

export default function MetaDeletionPage() {
  const code = useConfirmationCode();
  const email = supportEmail();
  const texts = useLegalTexts()?.metaDeletion;
  useEffect(() => {
    document.title = translate('public.head.metaDeletion');
  }, [texts]);
  return (
    <>
      <PublicPageHeader />
      <Container component="main" maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        {texts && <MetaDeletionSteps texts={texts} code={code} email={email} />}
      </Container>
      <PublicPageFooter />
    </>
  );
}

function MetaDeletionSteps({ texts, code, email }: { texts: MetaDeletionTexts; code: string | null; email: string }) {
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 800, overflowWrap: 'break-word', hyphens: 'auto' }}>
        {texts.title}
      </Typography>
      <Typography sx={{ mb: 4 }}>{texts.intro}</Typography>
      {code && <DeletionRequestStatus code={code} texts={texts.status} />}
      <StepCard id="step-disconnect" title={texts.disconnectTitle}>
        <Typography>{texts.disconnectText}</Typography>
      </StepCard>
      <StepCard id="step-contact" title={texts.contactTitle}>
        <Typography>
          {texts.contactBefore}{' '}
          <Link href={`mailto:${email}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {email}
          </Link>{' '}
          {texts.contactAfter}
        </Typography>
        <Typography component="p" sx={{ my: 1.5, p: 1.5, borderRadius: 1, bgcolor: 'grey.100', fontFamily: 'monospace' }}>
          {texts.mailSubject}
        </Typography>
        <Button href={metaDeletionMailto(email, texts)} variant="contained" startIcon={<EmailOutlinedIcon />}>
          {texts.sendEmail}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {texts.sendEmailHint}
        </Typography>
      </StepCard>
      <StepCard id="step-information" title={texts.informationTitle}>
        <Typography>{texts.informationIntro}</Typography>
        <Box component="ul" sx={{ mb: 0 }}>
          {texts.information.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </Box>
      </StepCard>
      <StepCard id="step-processing" title={texts.processingTitle}>
        <Typography>
          {texts.processingBefore} <strong>{texts.processingTime}</strong> {texts.processingAfter}
        </Typography>
      </StepCard>
      <StepCard id="step-warning" title={texts.warningTitle} tone="warning">
        <Typography>{texts.warningText}</Typography>
      </StepCard>
      <Typography component="p" sx={{ mt: 4 }}>
        {texts.help} <Link href={`mailto:${email}`}>{email}</Link>
      </Typography>
    </>
  );
}
