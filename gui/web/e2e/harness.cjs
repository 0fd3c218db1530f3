// What the browser tests, the screenshots and the response benchmark share: `jiang gui` started on a
// free port, Debian's Chromium headless through playwright-core, and the board's points clicked as a
// person clicks them. playwright-core comes from the build's node_modules (NODE_PATH).
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// No sandbox (root in CI), no GPU, and nothing the browser would fetch from the internet by itself.
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

// Starts `jiang gui --port 0` and resolves with its address once it prints it.
function startServer(jiang, extraArgs = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(jiang, ['gui', '--port', '0', ...extraArgs], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`jiang gui printed no address: ${out}`)), 20000);
    child.stdout.on('data', chunk => {
      out += chunk;
      const match = out.match(/open (http:\/\/\S+) in a browser/);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], stop: () => stopChild(child) });
      }
    });
    child.on('exit', code => reject(new Error(`jiang gui exited with ${code}: ${out}`)));
  });
}

function stopChild(child) {
  return new Promise(resolve => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.on('exit', code => resolve(code));
    child.kill('SIGINT');  // the server stops cleanly and ends its engines
  });
}

async function launchBrowser(viewport = { width: 1280, height: 860 }) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'jiang-gui-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: FLAGS, viewport,
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Opens the page and waits for its pieces.
async function openPage(context, url) {
  const page = await context.newPage();
  page.on('pageerror', e => console.error('page error:', e.message));
  await page.goto(url);
  await page.waitForSelector('cg-board piece');
  await page.waitForFunction(() => document.getElementById('status').textContent.length > 0);
  return page;
}

// The screen point of an ICCS square ("h2"), as the board is turned.
async function point(page, square) {
  const box = await page.locator('#board').boundingBox();
  const flipped = await page.evaluate(() => document.querySelector('#board').classList.contains('orientation-black'));
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]);
  const column = flipped ? 8 - file : file;
  const row = flipped ? rank : 9 - rank;
  return { x: box.x + ((column + 0.5) * box.width) / 9, y: box.y + ((row + 0.5) * box.height) / 10 };
}

// Plays an ICCS move by clicking its two points, then waits until the move list has `plies` moves.
async function clickMove(page, move, plies) {
  for (const square of [move.slice(0, 2), move.slice(2, 4)]) {
    const p = await point(page, square);
    await page.mouse.click(p.x, p.y);
  }
  if (plies !== undefined) await page.waitForFunction(n => document.querySelectorAll('#moves td.move').length === n, plies);
}

// For the scripts: runs `work(server, browser)` with a server and a browser of its own and ends both;
// a failure is printed and the script exits with 1.
function runWithBrowser(jiang, work, viewport) {
  (async () => {
    const server = await startServer(jiang);
    const browser = await launchBrowser(viewport);
    try {
      await work(server, browser);
    } finally {
      await browser.close();
      await server.stop();
    }
  })().catch(e => {
    console.error(e);
    process.exit(1);
  });
}

module.exports = { CHROMIUM, startServer, launchBrowser, openPage, point, clickMove, runWithBrowser };
