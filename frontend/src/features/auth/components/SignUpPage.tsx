import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Divider, Link, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/FormTextField';
import { PageLoader } from '../../../components/PageLoader';
import { getErrorMessage } from '../../../lib/api';
import { useRegister, useUser } from '../../../lib/auth';
import { emailField, passwordField } from '../validation';
import { AuthCard } from './AuthCard';
import { GoogleButton } from './GoogleButton';

const signUpSchema = z.object({ username: z.string().trim(), email: emailField, password: passwordField });
type SignUpValues = z.infer<typeof signUpSchema>;

export default function SignUpPage() {
  const { data: user, isLoading } = useUser();
  const signUp = useRegister();
  const { control, handleSubmit } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { username: '', email: '', password: '' },
  });

  if (isLoading) return <PageLoader />;
  // Also the redirect after a successful registration, which stores the returned user.
  if (user) return <Navigate to="/dashboard" replace />;

  const onSubmit = ({ username, ...credentials }: SignUpValues) =>
    signUp.mutate({ ...credentials, username: username || undefined });

  return (
    <AuthCard title="Create your account" subtitle="Start generating on-brand images in minutes">
      <GoogleButton label="Sign up with Google" />
      <Divider>or</Divider>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(onSubmit)}>
        {signUp.isError && (
          <Alert severity="error">{getErrorMessage(signUp.error, 'Could not create your account. Please try again.')}</Alert>
        )}
        <FormTextField
          control={control}
          name="username"
          label="Username"
          autoComplete="username"
          helperText="Optional"
          fullWidth
        />
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" fullWidth />
        <FormTextField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" loading={signUp.isPending}>
          Create account
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/signin">
          Sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}
