import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import translations from '@zxcvbn-ts/language-en/dist/translations.mjs';

/**
 * How hard a new password is to guess, by zxcvbn (common and breached passwords, words, names,
 * keyboard patterns, dates): the API refuses one scored below MIN_PASSWORD_SCORE, and the web app's
 * strength meter shows the same judgement. Large (its dictionaries): the web app loads it lazily.
 */
export const MIN_PASSWORD_SCORE = 3;

/** Words of this app that make a password easy to guess here, the published demo password among them. */
const APP_WORDS = ['wheelhouse', 'wheelhouse-demo', 'tire', 'tyre', 'battery', 'springfield'];

let factory: ZxcvbnFactory | undefined;

export interface PasswordStrength {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  acceptable: boolean;
  /** Why it is refused, with what would help; null when acceptable. */
  problem: string | null;
}

/** `personal`: what the person is known by (e-mail, name), which makes a password easy to guess too. */
export function passwordStrength(password: string, personal: (string | null | undefined)[] = []): PasswordStrength {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, translations });
  const words = personal.flatMap((value) => (value ? [value, ...value.split(/[\s@.]+/).filter((part) => part.length > 2)] : []));
  const result = factory.check(password.slice(0, 256), [...APP_WORDS, ...words]);
  const acceptable = result.score >= MIN_PASSWORD_SCORE;
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  return {
    score: result.score,
    acceptable,
    problem: acceptable ? null : `This password is too easy to guess.${why ? ` ${why}` : ' Add more words that are less common.'}`,
  };
}
