// Drops and re-creates one database on a PostgreSQL server, for browser tests run against a
// server instead of the embedded database: `node scripts/fresh-database.ts <server url> <name>`.
import pg from 'pg';

const [serverUrl, name] = process.argv.slice(2);
if (!serverUrl || !name || !/^[a-z_][a-z0-9_]*$/.test(name)) {
  console.error('Usage: node scripts/fresh-database.ts <postgres url> <database name (a-z, 0-9, _)>');
  process.exit(2);
}
const client = new pg.Client({ connectionString: serverUrl });
await client.connect();
await client.query(`drop database if exists ${name} with (force)`);
await client.query(`create database ${name}`);
await client.end();
