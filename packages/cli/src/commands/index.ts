import type { CliCommand } from '../io.js';
import { debateCommand } from './debate.js';
import { demoCommand } from './demo.js';
import { hcCommand } from './hc.js';
import { outletsCommand } from './outlets.js';
import { rateCommand } from './rate.js';
import { rulesCommand } from './rules.js';
import { speakerCommand } from './speaker.js';

/** Every `espectro` subcommand, in the order `espectro help` lists them. Later packages add theirs here. */
export const commands: CliCommand[] = [demoCommand, rateCommand, rulesCommand, speakerCommand, hcCommand, outletsCommand, debateCommand];
