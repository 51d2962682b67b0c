import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { projectRoot } from '../../worker/src/node/runtime.ts';

const webDir = process.env.WEB_DIR || join(projectRoot, 'dist', 'web');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Browser tests need Debian's chromium and the built app; without them they skip, except under CI. */
export function browserTestsCanRun(): boolean {
  const missing = [
    !existsSync(CHROMIUM) && `Chromium at ${CHROMIUM} (apt-get install -y chromium)`,
    !existsSync(join(projectRoot, 'dist', 'node.mjs')) && 'the built app (npm run build)',
    !existsSync(join(webDir, 'index.html')) && 'the built web app (npm run build)',
  ].filter(Boolean);
  if (!missing.length) return true;
  if (process.env.CI) throw new Error(`Browser tests cannot run under CI without ${missing.join(' and ')}.`);
  console.warn(`Skipping browser tests: missing ${missing.join(' and ')}.`);
  return false;
}

export interface RunningApp {
  url: string;
  dataDir: string;
  /** Stops the server and keeps its data folder. */
  stop(): Promise<void>;
}

const dataDirs: string[] = [];
process.once('exit', () => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** `npm start`'s server on a free port, on an embedded database (a fresh one with the demo data by default). */
export async function startApp(options: { dataDir?: string } = {}): Promise<RunningApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'wheelhouse-app-'));
  dataDirs.push(dataDir);
  const child: ChildProcess = spawn(process.execPath, [join(projectRoot, 'dist', 'node.mjs')], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the app exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
