// The panels beside the board, drawn from the server's state: the moves, the analysis, the book, the
// evaluation graph.

const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

// A move's name in the chosen notation.
const named = (move, notation) => (notation === 'chinese' ? move.chinese : notation === 'wxf' ? move.wxf : move.iccs);

export function renderMoves(body, state, notation, go) {
  const rows = [];
  const blackFirst = state.start_fen.split(' ')[1] === 'b';
  const firstNumber = Number(state.start_fen.split(' ')[5]) || 1;
  let row = null;
  state.moves.forEach((move, i) => {
    const plyIndex = i + (blackFirst ? 1 : 0);
    if (plyIndex % 2 === 0 || row === null) {
      row = el('tr', {}, el('th', { textContent: `${firstNumber + Math.floor(plyIndex / 2)}.` }));
      if (plyIndex % 2 === 1) row.append(el('td', { textContent: '…' }));
      rows.push(row);
    }
    const cell = el('td', { className: 'move' + (i + 1 === state.ply ? ' current' : ''), textContent: named(move, notation) });
    cell.dataset.ply = i + 1;
    cell.title = `${move.chinese}  ${move.wxf}  ${move.iccs}  ${move.san}`;
    cell.onclick = () => go(i + 1);
    row.append(cell);
  });
  body.replaceChildren(...rows);
  const current = body.querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
}

export function formatScore(score) {
  if (score.mate !== undefined) return score.mate > 0 ? `#${score.mate}` : `#-${-score.mate}`;
  const pawns = score.cp / 100;
  return (pawns > 0 ? '+' : '') + pawns.toFixed(2);
}

function formatCount(n) {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(0)} k` : String(n);
}

export function renderLines(list, info, lines, data, notation) {
  list.replaceChildren(
    ...lines.map(line =>
      el(
        'li',
        { className: 'line' },
        el('span', { className: 'score', textContent: formatScore(line.score) }),
        el('span', { className: 'depth', textContent: `d${line.depth}` }),
        el('span', { className: 'pv', textContent: line.pv.map(m => named(m, notation)).join(' ') }),
        el('span', { className: 'iccs', textContent: line.pv.map(m => m.iccs).join(' ') }),
      ),
    ),
  );
  const best = lines[0];
  if (!best) {
    info.textContent = '';
    return;
  }
  const parts = [`${data.engine}${data.busy === 'thinking' ? ' (thinking)' : ''}`, `depth ${best.depth}/${best.seldepth}`,
    `${formatCount(best.nps)}n/s`];
  if (best.hashfull >= 0) parts.push(`hash ${(best.hashfull / 10).toFixed(1)}%`);
  if (best.wdl) parts.push(`Red W ${(best.wdl[0] / 10).toFixed(0)}% D ${(best.wdl[1] / 10).toFixed(0)}% L ${(best.wdl[2] / 10).toFixed(0)}%`);
  info.textContent = parts.join(' · ') + ' (scores for Red)';
}

export function renderBook(box, book, notation, play) {
  if (!book.length) {
    box.replaceChildren();
    return;
  }
  box.replaceChildren(
    el('span', { textContent: 'Book: ' }),
    ...book.map(m => {
      const b = el('button', { className: 'book-move', textContent: `${named(m, notation)} (${m.games}, ${Math.round(m.score * 100)}%)` });
      b.onclick = () => play(m.iccs);
      return b;
    }),
  );
}

// Red's score after each ply, clamped to +-10 pawns (a mate at the edge), and the ply shown.
export function renderGraph(svg, points, ply) {
  const ns = 'http://www.w3.org/2000/svg';
  const n = Math.max(points.length - 1, 1);
  const y = cp => 50 - (Math.max(-1000, Math.min(1000, cp)) / 1000) * 48;
  const coords = [];
  points.forEach((p, i) => {
    if (p !== null && p !== undefined) coords.push(`${((i / n) * 300).toFixed(1)},${y(p).toFixed(1)}`);
  });
  const line = document.createElementNS(ns, 'polyline');
  line.setAttribute('points', coords.join(' '));
  line.setAttribute('class', 'eval');
  const zero = document.createElementNS(ns, 'line');
  Object.entries({ x1: 0, x2: 300, y1: 50, y2: 50, class: 'zero' }).forEach(([k, v]) => zero.setAttribute(k, v));
  const mark = document.createElementNS(ns, 'line');
  const x = ((ply / n) * 300).toFixed(1);
  Object.entries({ x1: x, x2: x, y1: 0, y2: 100, class: 'ply' }).forEach(([k, v]) => mark.setAttribute(k, v));
  svg.replaceChildren(zero, line, mark);
  svg.dataset.points = coords.length;
}

export function formatClock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
}
