// Runs publint and "are the types wrong" on every published package: the built libraries under packages/
// and the data packages under examples/ (the demo corpus, @espectro/demo-data). Private examples are skipped.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const packageDirectories = ['packages', 'examples'].flatMap((parent) =>
  readdirSync(join(root, parent))
    .sort()
    .map((name) => join(root, parent, name)),
);
let failures = 0;
let checked = 0;
for (const directory of packageDirectories) {
  const manifestPath = join(directory, 'package.json');
  if (!existsSync(manifestPath)) continue;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (manifest.private) continue;
  checked += 1;
  for (const [label, command, args] of [
    ['publint', 'pnpm', ['exec', 'publint', '--strict', directory]],
    ['attw', 'pnpm', ['exec', 'attw', '--pack', directory, '--profile', 'node16', '--format', 'table-flipped']],
  ]) {
    try {
      const output = execFileSync(command, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      console.log(
        `✓ ${manifest.name} ${label}\n${
          output.trim()
            ? output
                .trim()
                .split('\n')
                .map((line) => `    ${line}`)
                .join('\n')
            : ''
        }`,
      );
    } catch (error) {
      failures += 1;
      console.error(`✗ ${manifest.name} ${label}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    }
  }
}
console.log(`${checked} package(s) checked`);
if (failures > 0) {
  console.error(`${failures} package check(s) failed`);
  process.exit(1);
}
