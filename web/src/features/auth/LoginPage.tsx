import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LoginInput, loginInput, SessionUser } from '@schemas/auth';
import { api, isApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/AuthContext';
import { sessionEnded, takeReturn } from '../../shared/auth/session';
import { Field } from '../../shared/forms/Field';
import { useSchemaForm } from '../../shared/forms/useSchemaForm';
import { ErrorBox } from '../../shared/ui/ErrorBox';
import { usePageTitle } from '../../shared/ui/Page';
import './login.css';

interface LoginResult {
  token: string;
  user: SessionUser;
}

const FALLBACK = 'Login failed. Please check your credentials.';

/** The form's schema, and zod with it, load when the form is first touched rather than with the page. */
const loadSchema = () => import('@schemas/auth').then((m) => m.loginInput);

export default function LoginPage() {
  usePageTitle('Sign In');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const form = useSchemaForm<typeof loginInput>(undefined, { email: '', password: '' });
  const [remember, setRemember] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [showHelp, setShowHelp] = useState(false);
  const [ended] = useState(sessionEnded);

  const login = useMutation({
    mutationFn: (input: LoginInput) => api.post<LoginResult>('/auth/login', input, { anonymous: true }),
    onSuccess: ({ token, user }) => {
      signIn(token, user);
      navigate(takeReturn(user.id), { replace: true });
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.reset();
    const input = form.validate(await loadSchema());
    if (input) login.mutate({ email: input.email, password: input.password, remember });
  };

  const failure = login.error
    ? isApiError(login.error) && login.error.status !== 0 && login.error.message
      ? login.error.message
      : FALLBACK
    : null;

  return (
    <div className="login-page">
      <main className="login-card">
        <div className="login-brand">
          <span className="brand-mark" aria-hidden="true" />
          <span>Wheelhouse</span>
        </div>
        <h1>Sign in to your account</h1>
        <p className="login-lead">Back office for tires, batteries, wipers and fitting.</p>
        <form onSubmit={submit} onFocus={() => void loadSchema()} noValidate className="login-form">
          {ended && (
            <p className="login-note login-session-note" role="status">
              Your session ended. Sign in again to carry on; what you typed is kept.
            </p>
          )}
          {failure && <ErrorBox messages={[failure]} />}
          <Field
            {...form.bind('email')}
            label="Email"
            type="email"
            autoComplete="username"
          />
          <Field
            {...form.bind('password')}
            label="Password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            after={
              <button
                type="button"
                className="password-toggle"
                onClick={() => setShowPassword((value) => !value)}
              >
                {showPassword ? 'Hide' : 'Show'}
                <span className="sr-only"> password</span>
              </button>
            }
          />
          <div className="login-options">
            <label className="checkbox">
              <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
              Remember me
            </label>
            <button
              type="button"
              className="link-btn"
              aria-expanded={showHelp}
              aria-controls="forgot-password-note"
              onClick={() => setShowHelp((value) => !value)}
            >
              Forgot password?
            </button>
          </div>
          {showHelp && (
            <p id="forgot-password-note" className="login-note">
              Passwords are reset by an administrator. Please ask your administrator to reset your password.
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
      </main>
    </div>
  );
}
