import { useEffect, useState } from 'react';
import type { PasswordStrength as Strength } from '@schemas/password-strength';
import './password-strength.css';

const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'];

/**
 * How hard a new password is to guess, as the server judges it (it refuses Very weak to Fair). The
 * checker's dictionaries are large, so they load when the first character is typed.
 */
interface PasswordStrengthProps {
  password: string;
  /** The person's e-mail and name: a password made of them is easy to guess. */
  personal?: (string | null | undefined)[];
  /** Only the meter and its word: the field already shows why the password was refused. */
  quiet?: boolean;
}

export function PasswordStrength({ password, personal = [], quiet = false }: PasswordStrengthProps) {
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
      {/* One step more than the score, so that even the weakest shows a red sliver. */}
      <meter min={0} max={5} low={2.5} high={3.5} optimum={5} value={strength.score + 1} aria-label="Password strength" />
      <span className="password-strength-text" aria-live="polite">
        {LABELS[strength.score]}
        {strength.problem && !quiet ? `. ${strength.problem.replace(/^This password is too easy to guess\. ?/, '')}` : ''}
      </span>
    </div>
  );
}
