import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../http/app-error.ts';

// zxcvbn-ts with its common-password dictionary, on the server only (the dictionaries are large).
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

export const WEAK_PASSWORD_MESSAGE = 'Please choose a less common password.';

/**
 * Refuses common and trivially guessable passwords ('12345678', 'password', eight spaces) on
 * top of D4's minimum length: zxcvbn's score 0 and 1 ("too guessable", "very guessable").
 * The account's own e-mail and name count as guessable words.
 */
export function isGuessablePassword(password: string, userInputs: string[] = []): boolean {
  if (password.trim() === '') return true;
  return zxcvbn.check(password, userInputs).score < 2;
}

export function assertPasswordNotGuessable(password: string, userInputs: string[] = [], field = 'password'): void {
  if (isGuessablePassword(password, userInputs)) {
    throw new AppError('VALIDATION', WEAK_PASSWORD_MESSAGE, { [field]: WEAK_PASSWORD_MESSAGE });
  }
}
