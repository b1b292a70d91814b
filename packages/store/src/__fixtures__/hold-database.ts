/**
 * Test helper process: opens the embedded database folder given as argv[2], then writes one row
 * per line read from stdin ("write N") into `lock_probe`, printing `ack N` after each commit, and
 * `ready <pid>` once the folder is open. It never closes the database by itself: the test ends it
 * with kill -9, as a crash would.
 */
import { createInterface } from 'node:readline';
import { openDatabase } from '../database.js';

const folder = process.argv[2];
if (!folder) throw new Error('usage: hold-database.ts FOLDER');
const database = await openDatabase({ dataDir: folder, migrate: false, env: {}, owner: 'lock test holder' });
await database.query('CREATE TABLE IF NOT EXISTS lock_probe (n integer PRIMARY KEY)');
process.stdout.write(`ready ${process.pid}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const match = /^write (\d+)$/.exec(line.trim());
  if (!match) continue;
  await database.query('INSERT INTO lock_probe (n) VALUES ($1)', [Number(match[1])]);
  process.stdout.write(`ack ${match[1]}\n`);
}
