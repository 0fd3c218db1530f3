// The page in a real browser, as a person uses it: a game to mate by clicking, analysis with MultiPV
// lines and arrows, a PGN loaded and stepped through, a bad FEN refused, the board turned round.
// Run by CTest (gui_browser): JIANG=build/jiang NODE_PATH=build/gui/web/node_modules node --test gui.test.cjs
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { startServer, launchBrowser, openPage, point, clickMove } = require('./harness.cjs');

const JIANG = process.env.JIANG;
// Red mates in three plies from here: b7b6, e9f9 (Black's only move), b6b9.
const MATE_FEN = '4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1';
const PGN = `[Event "jiang match"]
[Variant "xiangqi"]
[Result "*"]

1. Che2 Hg7 2. Hg2 Rh9 3. Ri1 *
`;

let server, browser, page;

test.before(async () => {
  server = await startServer(JIANG);
  browser = await launchBrowser();
});

test.after(async () => {
  await browser.close();
  assert.strictEqual(await server.stop(), 0, 'jiang gui exits cleanly on Ctrl-C');
});

test.beforeEach(async () => {
  page = await openPage(browser.context, server.url);
});

test.afterEach(async () => {
  await page.close();
});

const text = id => page.locator(`#${id}`).textContent();

test('a game to mate by clicking, and the ruling', async () => {
  await page.fill('#fen', MATE_FEN);
  await page.click('#set-fen');
  // The new position on the board (the FEN box already holds it as typed): its four pieces, and no
  // other still fading out. A click before then lands on the old board and is lost.
  await page.waitForFunction(() => document.querySelectorAll('cg-board piece').length === 4);
  await clickMove(page, 'b7b6', 1);
  await clickMove(page, 'e9f9', 2);
  // Legal-move hints: the selected rook's points.
  const rook = await point(page, 'b6');
  await page.mouse.click(rook.x, rook.y);
  // The board draws on its next frame: wait for it.
  await page.waitForFunction(() => document.querySelectorAll('cg-board square.move-dest').length > 5);
  await page.mouse.click(rook.x, rook.y);  // unselect
  await clickMove(page, 'b6b9', 3);
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Red wins: mate');
  await page.waitForFunction(() => document.querySelectorAll('cg-board square.check').length === 1);  // the mated general
  const moves = await page.locator('#moves td.move').allTextContents();
  assert.deepStrictEqual(moves, ['俥八退一', '將５平６', '俥八進三']);
});

test('against jiang: it answers a move', async () => {
  await page.selectOption('#red', '');
  await page.selectOption('#black', 'jiang');
  await page.click('#new');
  await page.waitForFunction(() => document.getElementById('player-top').textContent === 'Black: jiang');
  await clickMove(page, 'h2e2');
  await page.waitForFunction(() => document.querySelectorAll('#moves td.move').length === 2, null, { timeout: 20000 });
  assert.match(await text('status'), /Red to move/);
});

test('analysis: MultiPV lines beside the board and arrows on it', async () => {
  await page.selectOption('#multipv', '3');
  await page.click('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#lines li').length === 3, null, { timeout: 20000 });
  await page.waitForFunction(() => document.querySelectorAll('svg.cg-shapes line').length === 3);
  const first = await page.locator('#lines li').first().textContent();
  assert.match(first, /^[+-]\d+\.\d\d/);
  assert.match(await text('engine-info'), /depth \d+/);
  await page.click('#analyse');  // stop
  await page.waitForFunction(() => document.getElementById('analyse').textContent === 'Analyse');
});

test('a PGN loaded and stepped through', async () => {
  await page.fill('#pgn-text', PGN);
  await page.click('#load-pgn');
  await page.waitForFunction(() => document.querySelectorAll('#moves td.move').length === 5);
  const current = () => page.evaluate(() => document.querySelector('#moves td.current')?.dataset.ply ?? '0');
  assert.strictEqual(await current(), '0');
  await page.click('#forward');
  await page.waitForFunction(() => document.querySelector('#moves td.current')?.dataset.ply === '1');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('#moves td.current')?.dataset.ply === '2');
  await page.click('#last');
  await page.waitForFunction(() => document.querySelector('#moves td.current')?.dataset.ply === '5');
  assert.match(await page.inputValue('#fen'), /^rnbakabr1\/9\/1c4nc1/);
  await page.click('#moves td.move[data-ply="3"]');
  await page.waitForFunction(() => document.querySelector('#moves td.current')?.dataset.ply === '3');
  await page.click('#first');
  await page.waitForFunction(() => !document.querySelector('#moves td.current'));
});

test('a bad FEN gets a message and changes nothing', async () => {
  const before = await page.inputValue('#fen');
  await page.fill('#fen', 'rnbakabnr/9/garbage w');
  await page.click('#set-fen');
  await page.waitForFunction(() => /bad FEN/.test(document.getElementById('message').textContent));
  assert.strictEqual(await page.inputValue('#fen'), before);
  assert.strictEqual(await page.locator('cg-board piece').count(), 32);
});

test('the board turned round', async () => {
  const king = () => page.evaluate(() => document.querySelector('cg-board piece.k-piece.white').getBoundingClientRect().y);
  const board = await page.locator('#board').boundingBox();
  assert.ok((await king()) > board.y + board.height / 2, 'Red at the bottom');
  await page.click('#flip');
  await page.waitForFunction(() => document.getElementById('player-bottom').textContent.startsWith('Black'));
  // Red at the top, once the board has drawn its next frame.
  await page.waitForFunction(middle => document.querySelector('cg-board piece.k-piece.white').getBoundingClientRect().y < middle,
    board.y + board.height / 2);
  // Moves are still clicked on the right points.
  await clickMove(page, 'h2e2', 1);
});
