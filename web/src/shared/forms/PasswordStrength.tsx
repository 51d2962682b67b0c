import { useEffect, useState } from 'react';
import type { PasswordStrength as Strength } from '@schemas/password-strength';
import './password-strength.css';

const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'];

/**
 * How hard a new password is to guess, as the server judges it (it refuses Very weak to Fair). The
 * checker's dictionaries are large, so they load when the first character is typed.
 */
export function PasswordStrength({ password, personal = [] }: { password: string; personal?: (string | null | undefined)[] }) {
  const [strength, setStrength] = useState<Strength | null>(null);
  const words = personal.filter(Boolean).join('\n');
  useEffect(() => {
    if (!password) {
      setStrength(null);
      return;
    }
    let current = true;
    void import('@schemas/password-strength').then(({ passwordStrength }) => {
      if (current) setStrength(passwordStrength(password, words.split('\n')));
    });
    return () => {
      current = false;
    };
  }, [password, words]);
  if (!password || !strength) return null;
  return (
    <div className="password-strength">
      <meter min={0} max={4} low={2.5} high={3.5} optimum={4} value={strength.score} aria-label="Password strength" />
      <span className="field-hint" aria-live="polite">
        {LABELS[strength.score]}
        {strength.problem ? `. ${strength.problem.replace(/^This password is too easy to guess\. ?/, '')}` : ''}
      </span>
    </div>
  );
}
