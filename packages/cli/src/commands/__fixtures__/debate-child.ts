/**
 * Runs `espectro debate …` in a child process for the kill -9 tests (debate-live-crash.test.ts):
 * the test kills it with SIGKILL from outside at seeded random points and runs it again.
 */
import { processIo } from '../../index.js';
import { debateCommand } from '../debate.js';

process.exitCode = await debateCommand.run(process.argv.slice(2), processIo());
