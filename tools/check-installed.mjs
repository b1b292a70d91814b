// `pnpm check:installed` — does the built CLI work installed, outside this repository?
// Packs every package (`pnpm pack`, after `pnpm build` or `pnpm build:fast`), installs the tarballs
// into an empty folder (the workspace packages resolve to the tarballs, everything else to the
// registry as a user's install would), and from another empty folder runs what the README promises:
// `espectro --version`, `espectro demo`, `espectro run --demo`, `espectro rules --json | head -1`.
// Exits 1 with the failing command's output when one of them fails.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'espectro-installed-'));
const tarballs = join(work, 'tarballs');
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

/** Runs a command, printing its output only when it fails. */
function run(command, args, cwd) {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    console.error(`✗ ${command} ${args.join(' ')} (in ${cwd})\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    process.exit(1);
  }
}

try {
  mkdirSync(tarballs);
  run(
    'pnpm',
    ['-r', '--filter', './packages/*', '--filter', '@espectro/demo-data', 'pack', '--pack-destination', tarballs],
    root,
  );
  const overrides = {};
  for (const file of readdirSync(tarballs).filter((name) => name.endsWith('.tgz'))) {
    const manifest = JSON.parse(run('tar', ['-xOzf', join(tarballs, file), 'package/package.json'], work));
    overrides[manifest.name] = `file:./tarballs/${file}`;
  }
  console.log(`packed ${Object.keys(overrides).length} packages (${seconds()})`);
  const cli = overrides['@espectro/cli'];
  writeFileSync(
    join(work, 'package.json'),
    JSON.stringify({
      name: 'espectro-installed-check',
      private: true,
      dependencies: { '@espectro/cli': cli },
      pnpm: { overrides },
    }),
  );
  run('pnpm', ['install', '--prefer-offline', '--ignore-workspace', '--config.confirmModulesPurge=false'], work);
  console.log(`installed the tarballs into ${work} (${seconds()})`);

  const espectro = join(work, 'node_modules', '.bin', 'espectro');
  const elsewhere = join(work, 'elsewhere');
  mkdirSync(elsewhere);
  const version = JSON.parse(readFileSync(join(root, 'packages', 'cli', 'package.json'), 'utf8')).version;
  /** [arguments, what standard output must match] */
  const checks = [
    [['--version'], new RegExp(`^espectro ${version.replaceAll('.', '\\.')}\n$`)],
    [['demo'], /^Espectro demo — methodology /],
    // The whole pipeline on the shipped corpus (@espectro/demo-data): some stories are published.
    [['run', '--demo', '--quiet', '--db', join(work, 'db')], /^\s+stories\s+[1-9]\d* published/m],
  ];
  for (const [args, expected] of checks) {
    const result = spawnSync(espectro, args, {
      cwd: elsewhere,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: '', ESPECTRO_CACHE_DIR: join(work, 'cache') },
    });
    const firstLine = result.stdout.split('\n')[0] ?? '';
    if (result.status !== 0 || !expected.test(result.stdout)) {
      console.error(
        `✗ espectro ${args.join(' ')} exited ${result.status}; output should match ${expected}\n${result.stdout}${result.stderr}`,
      );
      process.exit(1);
    }
    console.log(`✓ espectro ${args.join(' ')} → ${firstLine} (${seconds()})`);
  }
  // The reader closes the pipe after one line: a quiet exit 0, no EPIPE stack trace.
  const pipedCli = spawnSync('bash', ['-o', 'pipefail', '-c', `"${espectro}" rules --json | head -1`], {
    cwd: elsewhere,
    encoding: 'utf8',
  });
  if (pipedCli.status !== 0 || pipedCli.stdout.trim() !== '{' || pipedCli.stderr.trim() !== '') {
    console.error(`✗ espectro rules --json | head -1 exited ${pipedCli.status}\n${pipedCli.stdout}${pipedCli.stderr}`);
    process.exit(1);
  }
  console.log(`✓ espectro rules --json | head -1 → ${pipedCli.stdout.trim()} (quiet, exit 0) (${seconds()})`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
