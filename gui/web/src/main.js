// The page of `jiang gui`: a board, the game, analysis. Every change goes to the server, whose answer
// (the new state) is what the page shows.
import 'chessgroundx/assets/chessground.base.css';
import './style.css';
import { Api } from './api.js';
import { Board } from './board.js';
import { renderMoves, renderLines, renderBook, renderGraph, formatClock } from './views.js';

const $ = id => document.getElementById(id);
const api = new Api();
let state = null;
let lines = [];
let graph = [];
let clockBase = 0;  // performance.now() when the state's clock times were read
// The page's response to each of the person's moves, in ms from the move on the board: to the server's
// answer shown, and to the next frame painted (bench/gui_response.cjs reads them).
window.jiangTimings = [];

const board = new Board($('board'), move => play(move));

function message(text) {
  $('message').textContent = text || '';
}

function notation() {
  return document.querySelector('input[name=notation]:checked').value;
}

// The side a person plays now: the page lets them move it.
function personToMove(s) {
  if (s.result && s.ply === s.moves.length) return false;
  return !s.players[s.side];
}

function playerName(s, side) {
  const name = s.players[side];
  return (side === 'red' ? 'Red: ' : 'Black: ') + (name ? name : 'person');
}

function show(next) {
  state = next;
  window.jiangState = state;  // for the scripts that drive the page (bench/gui_response.cjs)
  clockBase = performance.now();
  board.show(state, personToMove(state));
  const top = board.flipped ? 'red' : 'black';
  $('player-top').textContent = playerName(state, top);
  $('player-bottom').textContent = playerName(state, top === 'red' ? 'black' : 'red');
  $('fen').value = state.fen;
  $('save-pgn').href = api.session('pgn');
  $('save-svg').href = api.session('svg') + (board.flipped ? '?flip=1' : '');
  let status = state.result && state.ply === state.moves.length ? state.result.text
    : state.busy === 'thinking' ? `${state.players[state.side]} is thinking…`
    : `${state.side === 'red' ? 'Red' : 'Black'} to move`;
  if (state.engine_error) status += ` (${state.engine_error})`;
  $('status').textContent = status;
  $('status').className = state.result ? 'over' : '';
  $('analyse').setAttribute('aria-pressed', state.analysis.on);
  $('analyse').textContent = state.analysis.on ? 'Stop analysis' : 'Analyse';
  renderMoves($('moves').tBodies[0], state, notation(), ply => go(ply));
  renderBook($('book'), state.book, notation(), move => play(move));
  fillEngines(state.engines);
  if (lines.length && (state.busy === '' || lines.ply !== state.ply)) showLines([]);
  if (graph.length !== state.moves.length + 1) graph = graph.slice(0, state.moves.length + 1);
  renderGraph($('graph'), graph, state.ply);
  tickClocks();
}

function showLines(next, info) {
  lines = next;
  if (info) lines.ply = info.ply;
  renderLines($('lines'), $('engine-info'), lines, info, notation());
  board.arrows(lines);
}

let enginesShown = '';
function fillEngines(engines) {
  const key = engines.join('\n');
  if (key === enginesShown) return;
  enginesShown = key;
  for (const id of ['red', 'black', 'engine']) {
    const select = $(id);
    const keep = select.value;
    select.innerHTML = '';
    if (id !== 'engine') select.append(new Option('person', ''));
    for (const name of engines) select.append(new Option(name, name));
    select.value = keep || (id === 'black' ? engines[0] : id === 'engine' ? engines[0] : '');
  }
}

function tickClocks() {
  const c = state && state.clock;
  const top = board.flipped ? 'red' : 'black';
  for (const [where, side] of [['top', top], ['bottom', top === 'red' ? 'black' : 'red']]) {
    const el = $(`clock-${where}`);
    if (!c) {
      el.textContent = '';
      continue;
    }
    let ms = c[`${side}_ms`];
    if (c.running === side) ms -= performance.now() - clockBase;
    el.textContent = formatClock(ms);
    el.classList.toggle('running', c.running === side);
  }
}
setInterval(tickClocks, 200);

// Sends a request; the answer is the new state. A refusal leaves everything as it was, with its reason.
async function send(name, body) {
  try {
    const next = await api.post(name, body);
    message('');
    show(next);
    return true;
  } catch (e) {
    message(e.message);
    if (state) show(state);  // a move the server refused goes back
    return false;
  }
}

async function play(move) {
  const start = performance.now();
  const played = await send('move', { move });
  const answered = performance.now();
  if (played) {
    await new Promise(requestAnimationFrame);  // until the new position is painted
    window.jiangTimings.push({ answered: answered - start, painted: performance.now() - start });
  }
}

function go(ply) {
  if (state && ply >= 0 && ply <= state.moves.length && ply !== state.ply) send('goto', { ply });
}

function newGame(event) {
  event.preventDefault();
  const [base, increment] = $('time').value.split('+').map(Number);
  const strength = $('strength').value;
  const request = {
    red: $('red').value,
    black: $('black').value,
    base_ms: base * 1000,
    increment_ms: increment * 1000,
    rules: $('rules').value,
  };
  if (strength.startsWith('elo')) request.elo = Number(strength.slice(3));
  else request.level = Number(strength);
  send('new', request);
}

function strengths() {
  const select = $('strength');
  select.append(new Option('full strength', '20'));
  for (let level = 19; level >= 0; level -= 1) select.append(new Option(`Skill Level ${level}`, String(level)));
  for (const elo of [2800, 2400, 2000, 1600]) select.append(new Option(`about ${elo} Elo`, `elo${elo}`));
}

function wire() {
  $('new-game').addEventListener('submit', newGame);
  $('takeback').onclick = () => send('takeback');
  $('resign').onclick = () => send('resign');
  $('flip').onclick = () => {
    board.flip();
    show(state);
  };
  $('first').onclick = () => go(0);
  $('back').onclick = () => go(state.ply - 1);
  $('forward').onclick = () => go(state.ply + 1);
  $('last').onclick = () => go(state.moves.length);
  $('analyse').onclick = () => send('analysis', { on: !state.analysis.on, multipv: Number($('multipv').value), engine: $('engine').value });
  const restart = () => state.analysis.on && send('analysis', { on: true, multipv: Number($('multipv').value), engine: $('engine').value });
  $('multipv').onchange = restart;
  $('engine').onchange = restart;
  $('graph-button').onclick = () => send('graph');
  $('graph').addEventListener('click', e => {
    const box = $('graph').getBoundingClientRect();
    if (state.moves.length) go(Math.round(((e.clientX - box.left) / box.width) * state.moves.length));
  });
  $('set-fen').onclick = () => send('new', { fen: $('fen').value.trim(), red: '', black: '' });
  $('copy-fen').onclick = async () => {
    try {
      await navigator.clipboard.writeText(state.fen);
      message('FEN copied');
    } catch {
      $('fen').select();
      message('press Ctrl-C to copy the FEN');
    }
  };
  $('load-pgn').onclick = () => send('load', { text: $('pgn-text').value });
  $('pgn-file').onchange = async e => {
    const file = e.target.files[0];
    if (file) send('load', { text: await file.text() });
  };
  for (const radio of document.querySelectorAll('input[name=notation]'))
    radio.onchange = () => {
      show(state);
      showLines(lines, lastInfo);
    };
  document.addEventListener('keydown', e => {
    if (e.target.tagName === 'INPUT' || e.target.tagName === 'TEXTAREA' || e.target.tagName === 'SELECT') return;
    if (e.key === 'ArrowLeft') go(state.ply - 1);
    else if (e.key === 'ArrowRight') go(state.ply + 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(state.moves.length);
    else if (e.key === 'f') $('flip').click();
  });
  window.addEventListener('pagehide', () => api.close());
}

let lastInfo = null;
async function start() {
  strengths();
  wire();
  try {
    show(await api.open());
  } catch (e) {
    message(e.message);
    return;
  }
  api.listen((kind, data) => {
    if (kind === 'state') {
      if (!state || data.version > state.version) show(data);  // a request's answer may have shown it
    }
    else if (kind === 'analysis') {
      lastInfo = data;
      showLines(data.lines, data);
    } else if (kind === 'graph') {
      graph = data.points;
      renderGraph($('graph'), graph, state.ply);
    }
  });
}

start();
