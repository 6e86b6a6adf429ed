import { z } from 'zod';
import { emailField, requiredText } from './fields.ts';
import { passwordField } from './account.ts';

/** Account settings (decision 40): every role changes its e-mail, password and location, or deletes the account. */
const currentPassword = z.string({ error: 'Please enter your current password.' }).min(1, { error: 'Please enter your current password.' }).max(1000);

export const changeEmailSchema = z.object({ newEmail: emailField(), currentPassword });

/** The link's token, from the confirmation page. */
export const confirmEmailChangeSchema = z.object({ token: z.string().min(20).max(200) });

export const changePasswordSchema = z.object({ currentPassword, newPassword: passwordField });

export const changeLocationSchema = z.object({ location: requiredText('Please choose your location.', 64) });

export const deleteAccountSchema = z.object({ currentPassword });

export const EMAIL_CHANGE_EXPIRES_IN_HOURS = 24;
