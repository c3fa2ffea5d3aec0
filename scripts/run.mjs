#!/usr/bin/env node
// Zero-dependency bootstrap behind `npm start` and `npm test`: installs whatever is missing
// (npm packages, the Temporal CLI and FerretDB built from the Go module proxy), compiles, then runs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command = 'start', ...rest] = process.argv.slice(2);

function run(what, cmd, args, options = {}) {
  console.log(`==> ${what}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (res.status !== 0) {
    console.error(`\n${what} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

function ensureNodeModules() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (!fs.existsSync(marker) || fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs) {
    // `npm install` honours the lock file; `npm ci` refuses it here because this npm omits other platforms' optional packages from the lock.
    run('Installing npm packages', 'npm', ['install', '--no-audit', '--no-fund']);
  }
}

function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) {
    console.log('==> Chromium not found (/usr/bin/chromium); browser tests will be skipped. Install Debian\'s "chromium" package to run them.');
    return;
  }
  run('Installing Chromium from Debian for the browser tests', 'bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null']);
}

ensureNodeModules();
run('Checking infrastructure binaries (.tools/bin)', 'bash', [path.join(root, 'scripts', 'install-tools.sh')]);
run('Compiling TypeScript', process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']);

if (command === 'start') {
  const res = spawnSync(process.execPath, ['--enable-source-maps', path.join(root, 'dist', 'scripts', 'dev.js'), ...rest], { cwd: root, stdio: 'inherit' });
  process.exit(res.status ?? 0);
} else if (command === 'test') {
  ensureChromium();
  run('Type-checking tests', process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', 'tsconfig.json']);
  const selection = rest.some((a) => a.startsWith('--selectProjects')) ? [] : ['--selectProjects', 'unit', 'integration'];
  run('Running the test suite (jest)', process.execPath, [path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), ...selection, ...rest]);
} else if (command !== 'build') {
  console.error(`unknown command ${command}; use start, test or build`);
  process.exit(2);
}
