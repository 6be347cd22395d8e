/** A name quoted as an SQL identifier (standard SQL, as PostgreSQL and SQLite read it). */
export const quotedIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
