/**
 * The `espectro` command from its TypeScript sources, for the tests that need a real child process
 * (signals, kill -9): `node --conditions=@espectro/source --import tsx espectro-child.ts <args>`.
 */
import { main } from '../../index.js';

process.exitCode = await main(process.argv.slice(2));
