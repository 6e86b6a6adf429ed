import { apiFetch, postJson } from '../../lib/api.ts';

export const signIn = (email: string, password: string) =>
  postJson<unknown>('/api/auth/sign-in/email', { email, password });

export const signOut = () => postJson<unknown>('/api/auth/sign-out', {});

export const requestPasswordReset = (email: string) =>
  postJson<unknown>('/api/auth/request-password-reset', { email, redirectTo: `${window.location.origin}/reset-password` });

export const resetPassword = (token: string, newPassword: string) =>
  postJson<unknown>('/api/auth/reset-password', { token, newPassword });

/** Registration carries the role's section and its image in one multipart request. */
export const registerAccount = (form: FormData) => apiFetch<{ ok: true }>('/api/register', { method: 'POST', body: form });

export type VenueOption = { id: string; name: string; address: string };
export const fetchVenueOptions = () => apiFetch<{ venues: VenueOption[] }>('/api/venues/options');
