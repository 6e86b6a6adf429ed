/** A page of an admin list, and a search term matched anywhere in a name (LIKE wildcards escaped). */
export const ADMIN_PAGE_SIZE = 50;

export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
