// Helpers of the web tests: paths, a static server on 127.0.0.1, the native `gjk` tool, and
// Debian's Chromium driven by playwright-core (installed in web/node_modules).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BUILD = path.resolve(ROOT, process.env.GJK_BUILD || 'build');
export const SITE = path.join(BUILD, 'web');
export const SCREENSHOTS = path.join(BUILD, 'web-screenshots');
export const CLI = path.join(BUILD, 'bin', 'gjk');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png',
};

/** Serves `dir` on 127.0.0.1 at a free port; resolves to { url, close }. */
export function serve(dir) {
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(dir, rel.endsWith('/') ? `${rel}index.html` : rel);
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

/** Runs `gjk distance [args]` on JSONL queries; returns one parsed answer per query. */
export function native(queries, args = [], subcommand = 'distance') {
  const input = queries.map((q) => JSON.stringify(q)).join('\n') + '\n';
  const run = spawnSync(CLI, [subcommand, ...args], { input, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`gjk ${subcommand} failed (${run.status}): ${run.stderr}${run.stdout}`);
  return run.stdout.trim().split('\n').map((line) => JSON.parse(line));
}

/** Runs `gjk cast` on JSONL cast queries; returns one parsed answer per query. */
export function nativeCast(queries) {
  return native(queries, [], 'cast');
}

/**
 * Debian's Chromium, headless; each browser.newContext() is a fresh profile (Playwright gives
 * the browser a new temporary user-data dir and removes it on close).
 */
export async function launchChromium() {
  const require = createRequire(path.join(ROOT, 'web', 'package.json'));
  const { chromium } = require('playwright-core');
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage'],
  });
}

/** Waits until the page has drawn twice since now (the demo draws on animation frames). */
export function settle(page) {
  return page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}
