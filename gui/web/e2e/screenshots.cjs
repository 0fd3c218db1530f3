// The README's two pictures of `jiang gui`: a game against jiang (play) and analysis with three lines,
// their arrows and the evaluation graph. Run by tools/gui_screenshots.sh.
'use strict';
const path = require('node:path');
const { openPage, clickMove, runWithBrowser } = require('./harness.cjs');

const [jiang, outDir] = process.argv.slice(2);
// The Central Cannon against the Screen Horses, a game of jiang's book (data/book.bin's lines).
const OPENING = 'h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 b7a7 b0c2 a9b9 b2a2 h7h3 e3e4';

runWithBrowser(jiang, async (server, browser) => {
  // Play: Red against jiang at Skill Level 10, 5 min + 3 s, four moves in.
  let page = await openPage(browser.context, server.url);
  await page.selectOption('#red', '');
  await page.selectOption('#black', 'jiang');
  await page.selectOption('#strength', '10');
  await page.selectOption('#time', '300+3');
  await page.click('#new');
  await page.waitForFunction(() => document.getElementById('clock-top').textContent === '5:00');
  const mine = ['h2e2', 'h0g2', 'i0h0', 'b0c2'];
  for (let i = 0; i < mine.length; i += 1) {
    await clickMove(page, mine[i]);
    await page.waitForFunction(n => document.querySelectorAll('#moves td.move').length === n, 2 * i + 2, { timeout: 30000 });
  }
  await page.locator('#position-box').evaluate(d => d.removeAttribute('open'));
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(outDir, 'gui-play.png') });
  await page.close();

  // Analysis: the opening loaded, its graph, three lines at its last position.
  page = await openPage(browser.context, server.url);
  await page.fill('#pgn-text', OPENING);
  await page.click('#load-pgn');
  await page.waitForFunction(() => document.querySelectorAll('#moves td.move').length === 13);
  await page.click('#last');
  await page.click('#graph-button');
  await page.waitForFunction(() => Number(document.getElementById('graph').dataset.points) === 14, null, { timeout: 60000 });
  await page.selectOption('#multipv', '3');
  await page.click('#analyse');
  await page.waitForFunction(() => {
    const lines = document.querySelectorAll('#lines li');
    return lines.length === 3 && /depth (1[4-9]|[2-9]\d)/.test(document.getElementById('engine-info').textContent);
  }, null, { timeout: 60000 });
  await page.locator('#position-box').evaluate(d => d.removeAttribute('open'));
  await page.screenshot({ path: path.join(outDir, 'gui-analysis.png') });
  await page.close();
});
