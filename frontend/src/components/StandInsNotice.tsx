import { type StandInDto, type StandInsResponse } from '@brandloom/contracts';
import { Alert, AlertTitle, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api';
import { useUser } from '../lib/auth';
import { useRichT, useT, type MessageKey, type Translate } from '../lib/i18n/translate';

/** Each stand-in's service and what runs meanwhile, by its variable, in the catalogues. */
const STAND_IN_KEYS: Record<string, [MessageKey, MessageKey]> = {
  OPENAI_API_KEY: ['standIns.service.OPENAI_API_KEY', 'standIns.standIn.OPENAI_API_KEY'],
  STRIPE_SECRET_KEY: ['standIns.service.STRIPE_SECRET_KEY', 'standIns.standIn.STRIPE_SECRET_KEY'],
  META_APP_ID: ['standIns.service.META_APP_ID', 'standIns.standIn.META_APP_ID'],
  GOOGLE_CLIENT_ID: ['standIns.service.GOOGLE_CLIENT_ID', 'standIns.standIn.GOOGLE_CLIENT_ID'],
  SMTP_URL: ['standIns.service.SMTP_URL', 'standIns.standIn.SMTP_URL'],
  S3_BUCKET: ['standIns.service.S3_BUCKET', 'standIns.standIn.S3_BUCKET'],
  REDIS_URL: ['standIns.service.REDIS_URL', 'standIns.standIn.REDIS_URL'],
  DATABASE_URL: ['standIns.service.DATABASE_URL', 'standIns.standIn.DATABASE_URL'],
};

/** A stand-in's line in the user's language; a service the catalogues do not know yet keeps the server's words. */
function standInText(standIn: StandInDto, t: Translate): string {
  const keys = Object.prototype.hasOwnProperty.call(STAND_IN_KEYS, standIn.variable) ? STAND_IN_KEYS[standIn.variable] : null;
  const variables = [standIn.variable, ...standIn.also].join(', ');
  return t('standIns.line', { service: keys ? t(keys[0]) : standIn.service, standIn: keys ? t(keys[1]) : standIn.standIn, variables });
}

/**
 * For administrators: the services running as built-in stand-ins and the variable that switches each
 * (as `npm start` prints them). Members see nothing: there is nothing they can set.
 */
export function StandInsNotice() {
  const { data: user } = useUser();
  const t = useT();
  const richT = useRichT();
  const isAdmin = Boolean(user?.is_admin);
  const { data } = useQuery({ queryKey: ['/api/admin/stand-ins'], queryFn: () => apiRequest<StandInsResponse>('GET', '/api/admin/stand-ins'), enabled: isAdmin, staleTime: 60_000 });
  if (!isAdmin || !data?.standIns.length) return null;
  return (
    <Alert severity="info" data-testid="stand-ins" sx={{ overflowWrap: 'anywhere' }}>
      <AlertTitle>{t('standIns.title')}</AlertTitle>
      {richT('standIns.intro', { env: <code key="env">.env</code> })}
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {data.standIns.map((standIn) => (
          <li key={standIn.variable}>{standInText(standIn, t)}</li>
        ))}
      </Box>
    </Alert>
  );
}
