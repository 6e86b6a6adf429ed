/** A uuid as Postgres stores it (any version), so a malformed id is a clear 404, never a database error. */
export const isUuid = (value: string | null | undefined): value is string => typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
