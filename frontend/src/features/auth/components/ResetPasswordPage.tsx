import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/FormTextField';
import { errorCode, getErrorMessage } from '../../../lib/api';
import { useResetPassword } from '../../../lib/auth';
import { passwordField } from '../zodFields';
import { AuthCard } from './AuthCard';
import { translate, useT } from '../../../lib/i18n/translate';

const schema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  // A function: the message is written in the language active when the form is checked.
  .refine((values) => values.password === values.confirmPassword, () => ({ path: ['confirmPassword'], message: translate('auth.reset.mismatch') }));
type Values = z.infer<typeof schema>;

/** /reset-password?token=…: a single-use, one-hour link; success signs the user in. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const t = useT();
  const { control, handleSubmit } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '', confirmPassword: '' } });

  if (reset.isSuccess) return <Navigate to="/dashboard" replace />;

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      {!token ? (
        <Alert severity="error">{t('auth.reset.invalidLink')}</Alert>
      ) : (
        <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))}>
          {reset.isError && (
            <Alert severity="error">
              {/* The server refuses a used or expired link as invalid account input: the screen says which. */}
              {errorCode(reset.error) === 'account_input_invalid' ? t('auth.reset.invalidLink') : getErrorMessage(reset.error, t('auth.reset.invalidLink'))}
            </Alert>
          )}
          <FormTextField control={control} name="password" label={t('auth.reset.password')} type="password" autoComplete="new-password" fullWidth />
          <FormTextField control={control} name="confirmPassword" label={t('auth.reset.confirm')} type="password" autoComplete="new-password" fullWidth />
          <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      )}
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to="/forgot-password">
          {t('auth.reset.newLink')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
