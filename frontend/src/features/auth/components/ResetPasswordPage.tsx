import { zodResolver } from '@hookform/resolvers/zod';
import { USER_MESSAGES } from '@brandloom/contracts';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/FormTextField';
import { getErrorMessage } from '../../../lib/api';
import { useResetPassword } from '../../../lib/auth';
import { passwordField } from '../zodFields';
import { AuthCard } from './AuthCard';

const schema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: USER_MESSAGES.passwordsDoNotMatch });
type Values = z.infer<typeof schema>;

/** /reset-password?token=…: a single-use, one-hour link; success signs the user in. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const { control, handleSubmit } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '', confirmPassword: '' } });

  if (reset.isSuccess) return <Navigate to="/dashboard" replace />;

  return (
    <AuthCard title="Choose a new password" subtitle="It signs you out of every other device">
      {!token ? (
        <Alert severity="error">{USER_MESSAGES.resetTokenInvalid}</Alert>
      ) : (
        <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))}>
          {reset.isError && <Alert severity="error">{getErrorMessage(reset.error, USER_MESSAGES.resetTokenInvalid)}</Alert>}
          <FormTextField control={control} name="password" label="New password" type="password" autoComplete="new-password" fullWidth />
          <FormTextField control={control} name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" fullWidth />
          <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
            Set new password
          </Button>
        </Stack>
      )}
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to="/forgot-password">
          Request a new link
        </Link>
      </Typography>
    </AuthCard>
  );
}
