import type { CliCommand } from '../io.js';
import { clusterCommand } from './cluster.js';
import { dbCommand } from './db.js';
import { debateCommand } from './debate.js';
import { demoCommand } from './demo.js';
import { exportCommand } from './export.js';
import { feedsCommand } from './feeds.js';
import { hcCommand } from './hc.js';
import { modelsCommand } from './models.js';
import { outletsCommand } from './outlets.js';
import { rateCommand } from './rate.js';
import { rulesCommand } from './rules.js';
import { serveCommand } from './serve.js';
import { runCommand } from './run.js';
import { speakerCommand } from './speaker.js';
import { statusCommand } from './status.js';
import { storyCommand } from './story.js';
import { workerCommand } from './worker.js';

/** Every `espectro` subcommand, in the order `espectro help` lists them. Later packages add theirs here. */
export const commands: CliCommand[] = [
  runCommand,
  serveCommand,
  workerCommand,
  statusCommand,
  storyCommand,
  exportCommand,
  feedsCommand,
  clusterCommand,
  rateCommand,
  rulesCommand,
  demoCommand,
  outletsCommand,
  debateCommand,
  speakerCommand,
  hcCommand,
  modelsCommand,
  dbCommand,
];
