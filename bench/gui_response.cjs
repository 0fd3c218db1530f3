// The page's response to a move, the engine's reply excluded: a game between two people played by
// clicking in headless Chromium, each move timed in the page from the click that drops the piece to
// the new position painted (the server's answer with its legal moves, notation and ruling, the board,
// the move list). The reference, in the same run: a bare request of the state from the page (no move,
// no drawing). Prints the medians and their ratio. Run by bench/gui_response.sh.
'use strict';
const { openPage, clickMove, runWithBrowser } = require('../gui/web/e2e/harness.cjs');

const [jiang, count = '100'] = process.argv.slice(2);
const MOVES = Number(count);

const median = xs => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

runWithBrowser(jiang, async (server, browser) => {
  const page = await openPage(browser.context, server.url);
  // A reproducible game: each move drawn from the legal ones by a seeded generator, a new game when one ends.
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let played = 0;
  const games = [[]];  // the moves played, game by game, to replay them without the browser
  while (played < MOVES) {
    const state = await page.evaluate(() => window.jiangState);
    if (state.result || state.legal.length === 0) {
      await page.click('#new');
      await page.waitForFunction(() => window.jiangState.moves.length === 0);
      games.push([]);
      continue;
    }
    const move = state.legal[Math.floor(random() * state.legal.length)];
    const before = await page.evaluate(() => window.jiangTimings.length);
    games[games.length - 1].push(move);
    await clickMove(page, move);
    await page.waitForFunction(n => window.jiangTimings.length === n + 1, before);
    played += 1;
  }
  const timings = await page.evaluate(() => window.jiangTimings);
  const painted = timings.map(t => t.painted);
  const answered = timings.map(t => t.answered);
  // The reference: the state fetched by the page, MOVES times.
  const bare = await page.evaluate(async (n) => {
    const id = document.getElementById('save-pgn').getAttribute('href').split('/')[3];
    const times = [];
    for (let i = 0; i < n; i += 1) {
      const start = performance.now();
      await (await fetch(`/api/session/${id}/state`)).json();
      times.push(performance.now() - start);
    }
    return times;
  }, MOVES);
  // The server alone: the same moves posted by a plain HTTP client (node's fetch) to a new session.
  const server_only = [];
  const post = async (path, body) => {
    const res = await fetch(server.url + path.slice(1), {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body || {}) });
    return res.json();
  };
  const { id } = await post('/api/session');
  for (const game of games) {
    await post(`/api/session/${id}/new`);
    for (const move of game) {
      const start = performance.now();
      await post(`/api/session/${id}/move`, { move });
      server_only.push(performance.now() - start);
    }
  }
  const fmt = x => x.toFixed(1);
  console.log(`moves timed: ${painted.length} (a game between people, clicked in headless Chromium)`);
  console.log(`move to position painted: median ${fmt(median(painted))} ms, 90th percentile ${fmt(percentile(painted, 0.9))} ms`);
  console.log(`move to server's answer shown: median ${fmt(median(answered))} ms`);
  console.log(`reference, a bare state request from the page: median ${fmt(median(bare))} ms`);
  console.log(`the same moves posted by a plain HTTP client (no browser): median ${fmt(median(server_only))} ms`);
  console.log(`ratio (move painted / bare request): ${(median(painted) / median(bare)).toFixed(2)}`);
  console.log(`target: median under 50 ms: ${median(painted) < 50 ? 'met' : 'NOT met'}`);
});
