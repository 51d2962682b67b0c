import { HttpError } from '../http/errors.ts';
import { passwordStrength } from '../schemas/password-strength.ts';

/** Refuses (422 on `password`) a new password that is easy to guess, saying why. */
export function requireStrongPassword(password: string, personal: (string | null | undefined)[]): void {
  const { problem } = passwordStrength(password, personal);
  if (problem) throw new HttpError(422, problem, { password: [problem] });
}
