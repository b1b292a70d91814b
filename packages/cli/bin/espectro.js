#!/usr/bin/env node
import { exitQuietlyOnBrokenPipe, main } from '../dist/index.js';

exitQuietlyOnBrokenPipe();
process.exitCode = await main(process.argv.slice(2));
