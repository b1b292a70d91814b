/**
 * Runs `espectro run` in a child process for the crash tests (run.test.ts): the environment's
 * ESPECTRO_CRASH_AT_CHECKPOINT makes it die with SIGKILL at that checkpoint.
 */
import { processIo } from '../../index.js';
import { runCommand } from '../run.js';

process.exitCode = await runCommand.run(process.argv.slice(2), processIo());
