import { translate } from '../../../lib/i18n/translate';
import type { MetaDataDeletionStatusDto } from '@brandloom/contracts';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Container, Link, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError, apiRequest } from '../../../lib/api';
import { META_DELETION_PROCESSING_TIME, META_DELETION_SUBJECT, metaDeletionMailto } from '../metaDeletion';
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
function DeletionRequestStatus({ code }: { code: string }) {
  const status = useDeletionStatus(code);
  return (
    <Card variant="outlined" component="section" aria-labelledby="deletion-status-heading" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="deletion-status-heading" variant="h6" component="h2" gutterBottom>
          Deletion request {code}
        </Typography>
        {status.isPending && <CircularProgress size={24} aria-label="Loading the request's status" />}
        {status.isError && (
          <Alert severity="warning">
            {status.error instanceof ApiError && status.error.status === 404 ? 'No deletion request has this confirmation code.' : 'The status could not be loaded. Please try again.'}
          </Alert>
        )}
        {status.data && (
          <Box>
            <Typography>
              Status: <strong>{status.data.status === 'completed' ? 'Completed' : status.data.status}</strong>
            </Typography>
            <Typography color="text.secondary">Requested {longDateTime(status.data.requested_at)}</Typography>
            {status.data.completed_at && (
              <Typography color="text.secondary">
                Completed {longDateTime(status.data.completed_at)}: the Meta access token, cached ad accounts and pages, and push history of this
                Meta user were deleted.
              </Typography>
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
  const mailto = metaDeletionMailto(email);
  useEffect(() => {
    document.title = translate('public.head.metaDeletion');
  }, []);
  return (
    <>
      <PublicPageHeader />
      <Container component="main" maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
          Meta Data Deletion Request
        </Typography>
        <Typography sx={{ mb: 4 }}>
          If you connected your Meta (Facebook) business account to Brandloom, you can have all the data we received from Meta deleted. Follow the steps below;
          we handle every request by hand and confirm by email.
        </Typography>
        {code && <DeletionRequestStatus code={code} />}
        <StepCard id="step-disconnect" title="1. Disconnect the integration">
          <Typography>
            Sign in, open the Library, then the integration section, and disconnect your Meta account. Disconnecting removes your access token at once and stops
            every further access to your ad accounts.
          </Typography>
        </StepCard>
        <StepCard id="step-contact" title="2. Contact support">
          <Typography>
            Email us at{' '}
            <Link href={`mailto:${email}`} sx={{ fontWeight: 600 }}>
              {email}
            </Link>{' '}
            with the subject:
          </Typography>
          <Typography component="p" sx={{ my: 1.5, p: 1.5, borderRadius: 1, bgcolor: 'grey.100', fontFamily: 'monospace' }}>
            {META_DELETION_SUBJECT}
          </Typography>
          <Button href={mailto} variant="contained" startIcon={<EmailOutlinedIcon />}>
            Send Email Now
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            The button opens your mail client with the subject and a message to fill in.
          </Typography>
        </StepCard>
        <StepCard id="step-information" title="3. Required information">
          <Typography>Include in your email:</Typography>
          <Box component="ul" sx={{ mb: 0 }}>
            <li>the email address of your Brandloom account</li>
            <li>your Meta user ID, if you know it</li>
            <li>the date you connected your Meta account</li>
            <li>your confirmation that all related data should be deleted</li>
          </Box>
        </StepCard>
        <StepCard id="step-processing" title="4. Processing time">
          <Typography>
            We process deletion requests within <strong>{META_DELETION_PROCESSING_TIME}</strong> and send you a confirmation email when your data has been deleted.
          </Typography>
        </StepCard>
        <StepCard id="step-warning" title="5. Before you ask" tone="warning">
          <Typography>
            Deletion removes all integration data, creative uploads and campaign history we hold for your Meta account. It cannot be undone. Brandloom handles these
            requests in compliance with Meta’s Platform Terms and the GDPR.
          </Typography>
        </StepCard>
        <Typography component="p" sx={{ mt: 4 }}>
          Need help? Contact us at <Link href={`mailto:${email}`}>{email}</Link>
        </Typography>
      </Container>
      <PublicPageFooter />
    </>
  );
}
