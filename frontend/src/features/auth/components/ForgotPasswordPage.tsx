import { zodResolver } from '@hookform/resolvers/zod';
import type { ForgotPasswordResponse } from '@brandloom/contracts';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/FormTextField';
import { apiRequest, getErrorMessage } from '../../../lib/api';
import { emailField } from '../zodFields';
import { AuthCard } from './AuthCard';
import { useT } from '../../../lib/i18n/translate';

const schema = z.object({ email: emailField });
type Values = z.infer<typeof schema>;

/** /forgot-password: the same answer whether an account exists or not (no enumeration). */
export default function ForgotPasswordPage() {
  const request = useMutation({ mutationFn: (values: Values) => apiRequest<ForgotPasswordResponse>('POST', '/api/auth/forgot-password', values) });
  const { control, handleSubmit } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const t = useT();

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      {request.isSuccess ? (
        <Alert severity="success" role="status">
          {t('auth.forgot.sent')} {t('auth.forgot.linkValidity')}
        </Alert>
      ) : (
        <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit((values) => request.mutate(values))}>
          {request.isError && <Alert severity="error">{getErrorMessage(request.error, t('auth.forgot.failed'))}</Alert>}
          <FormTextField control={control} name="email" label={t('common.email')} type="email" autoComplete="email" fullWidth />
          <Button type="submit" variant="contained" size="large" loading={request.isPending}>
            {t('auth.forgot.submit')}
          </Button>
        </Stack>
      )}
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t('auth.forgot.remembered')}{' '}
        <Link component={RouterLink} to="/signin">
          {t('auth.signIn.submit')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
