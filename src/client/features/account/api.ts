import { apiFetch, postJson } from '../../lib/api.ts';

/** Account settings (decision 40): one call per setting, the server checks everything. */
export const changeLocation = (location: string) =>
  apiFetch<{ message: string; location: string; locationName: string }>('/api/me/location', { method: 'PUT', body: JSON.stringify({ location }) });

export const changePassword = (currentPassword: string, newPassword: string) => postJson<{ message: string }>('/api/me/password', { currentPassword, newPassword });

export const requestEmailChange = (newEmail: string, currentPassword: string) => postJson<{ message: string }>('/api/me/email', { newEmail, currentPassword });

export const confirmEmailChange = (token: string) => postJson<{ message: string; email: string }>('/api/email-change/confirm', { token });

export const deleteAccount = (currentPassword: string) => postJson<{ message: string }>('/api/me/delete', { currentPassword });
