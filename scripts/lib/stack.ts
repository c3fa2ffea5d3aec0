/**
 * Starts and stops the local infrastructure and the service's own processes as children:
 * used by `npm start`, the test harness, the chaos tests and the benchmark.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..', ...(__dirname.includes(`${path.sep}dist${path.sep}`) ? ['..'] : []));
export const TOOLS_BIN = path.join(ROOT, '.tools', 'bin');

export interface ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  readonly logFile: string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<number | null>;
  /** Graceful stop: SIGTERM, then SIGKILL after the grace period. */
  stop(graceMs?: number): Promise<void>;
  /** Crash it: SIGKILL, no chance to clean up. */
  kill9(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs: number, child?: ManagedProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child?.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${what}: process exited before becoming ready (log: ${child?.logFile})`);
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms${child ? ` (log: ${child.logFile})` : ''}`);
}

export function tcpOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
    sock.setTimeout(1000, () => {
      sock.destroy();
      resolve(false);
    });
  });
}

export async function httpOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return res.ok;
}

export function spawnManaged(name: string, command: string, args: string[], options: { env?: NodeJS.ProcessEnv; logFile: string; cwd?: string; echo?: boolean }): ManagedProcess {
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  if (options.echo) {
    child.stderr?.on('data', (d: Buffer) => process.stderr.write(prefixLines(name, d)));
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      log.end();
      resolve(code);
    });
    child.once('error', () => resolve(-1));
  });
  let isExited = false;
  exited.then(() => (isExited = true));
  return {
    name,
    child,
    logFile: options.logFile,
    exited,
    async stop(graceMs = 10_000) {
      if (isExited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    async kill9() {
      if (isExited) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

function prefixLines(name: string, d: Buffer): string {
  return d
    .toString()
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => `[${name}] ${l}\n`)
    .join('');
}

export const SEARCH_ATTRIBUTE_FLAGS = ['CompanyId', 'ReferenceId', 'PaymentMethod', 'TransactionStatus'].flatMap((n) => ['--search-attribute', `${n}=Keyword`]);

export async function startTemporal(opts: { port: number; uiPort?: number; dbFile: string; logFile: string; echo?: boolean }): Promise<ManagedProcess> {
  fs.mkdirSync(path.dirname(opts.dbFile), { recursive: true });
  const args = [
    'server', 'start-dev',
    '--ip', '127.0.0.1',
    '--port', String(opts.port),
    '--db-filename', opts.dbFile,
    '--sqlite-pragma', 'journal_mode=WAL',
    '--sqlite-pragma', 'synchronous=NORMAL',
    '--log-level', 'warn',
    '--dynamic-config-value', 'frontend.enableUpdateWorkflowExecution=true',
    '--dynamic-config-value', 'frontend.enableExecuteMultiOperation=true',
    '--dynamic-config-value', 'system.forceSearchAttributesCacheRefreshOnRead=true',
    ...SEARCH_ATTRIBUTE_FLAGS,
    ...(opts.uiPort ? ['--ui-port', String(opts.uiPort), '--ui-ip', '127.0.0.1'] : ['--headless']),
  ];
  const proc = spawnManaged('temporal', path.join(TOOLS_BIN, 'temporal'), args, { logFile: opts.logFile, echo: opts.echo });
  await waitFor('Temporal dev server', () => tcpOpen(opts.port), 60_000, proc);
  return proc;
}

export async function startFerret(opts: { port: number; dataDir: string; logFile: string; echo?: boolean }): Promise<ManagedProcess> {
  const dataDir = path.join(opts.dataDir, 'sqlite');
  const stateDir = path.join(opts.dataDir, 'state');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.mkdirSync(stateDir, { recursive: true });
  const args = [
    '--handler=sqlite',
    `--sqlite-url=file:${dataDir}/`,
    `--listen-addr=127.0.0.1:${opts.port}`,
    '--telemetry=disable',
    `--state-dir=${stateDir}`,
    '--debug-addr=-',
    '--log-level=warn',
  ];
  const proc = spawnManaged('ferretdb', path.join(TOOLS_BIN, 'ferretdb'), args, { logFile: opts.logFile, echo: opts.echo });
  await waitFor('FerretDB', () => tcpOpen(opts.port), 30_000, proc);
  return proc;
}

/** Starts one of the service's compiled entry points (dist/src/*.js) with the given environment. */
export async function startNodeService(opts: {
  name: string;
  entry: string;
  env: Record<string, string>;
  logFile: string;
  readyUrl?: string;
  readyLogLine?: RegExp;
  echo?: boolean;
  timeoutMs?: number;
}): Promise<ManagedProcess> {
  const script = path.join(ROOT, 'dist', opts.entry);
  const logOffset = fs.existsSync(opts.logFile) ? fs.statSync(opts.logFile).size : 0;
  const proc = spawnManaged(opts.name, process.execPath, ['--enable-source-maps', script], {
    env: { ...process.env, ...opts.env },
    logFile: opts.logFile,
    echo: opts.echo,
  });
  const timeout = opts.timeoutMs ?? 60_000;
  if (opts.readyUrl) {
    const url = opts.readyUrl;
    await waitFor(opts.name, () => httpOk(url), timeout, proc);
  } else if (opts.readyLogLine) {
    const re = opts.readyLogLine;
    const logSinceStart = (): string => (fs.existsSync(opts.logFile) ? fs.readFileSync(opts.logFile).subarray(logOffset).toString() : '');
    await waitFor(opts.name, async () => re.test(logSinceStart()), timeout, proc);
  }
  return proc;
}
