import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Divider, Link, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/FormTextField';
import { PageLoader } from '../../../components/PageLoader';
import { getErrorMessage } from '../../../lib/api';
import { useLogin, useUser } from '../../../lib/auth';
import { emailField, passwordField } from '../validation';
import { AuthCard } from './AuthCard';
import { GoogleButton } from './GoogleButton';

const signInSchema = z.object({ email: emailField, password: passwordField });
type SignInValues = z.infer<typeof signInSchema>;

export default function SignInPage() {
  const { data: user, isLoading } = useUser();
  const login = useLogin();
  const { control, handleSubmit } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  if (isLoading) return <PageLoader />;
  // Also the redirect after a successful login, which stores the returned user.
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your Brandloom account">
      <GoogleButton label="Sign in with Google" />
      <Divider>or</Divider>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit((values) => login.mutate(values))}>
        {login.isError && <Alert severity="error">{getErrorMessage(login.error, 'Invalid email or password')}</Alert>}
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" fullWidth />
        <FormTextField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          fullWidth
        />
        <Box sx={{ textAlign: 'right' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" loading={login.isPending}>
          Sign in
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        Don&apos;t have an account?{' '}
        <Link component={RouterLink} to="/signup">
          Sign up
        </Link>
      </Typography>
    </AuthCard>
  );
}
