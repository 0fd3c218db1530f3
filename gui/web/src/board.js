// The board: chessgroundx with Xiangqi's 9 x 10 points. Its keys are a file letter and a rank
// character from '1' (ICCS rank 0) to ':' (rank 9); the page speaks ICCS to the server.
import { Chessground } from 'chessgroundx';

export const toKey = (file, rank) => file + String.fromCharCode(49 + rank);
export const iccsToKeys = move => [toKey(move[0], +move[1]), toKey(move[2], +move[3])];
export const keyToIccs = key => key[0] + (key.charCodeAt(1) - 49);

// Line 1 to 5's arrows, the best the boldest.
const brushes = ['green', 'blue', 'yellow', 'paleBlue', 'paleGrey'];

export class Board {
  constructor(element, onMove) {
    this.orientation = 'white';
    this.cg = Chessground(element, {
      dimensions: { width: 9, height: 10 },
      kingRoles: ['k-piece'],
      coordinates: false,
      animation: { enabled: true, duration: 150 },
      highlight: { lastMove: true, check: true },
      movable: { free: false, showDests: true, events: { after: (orig, dest) => onMove(keyToIccs(orig) + keyToIccs(dest)) } },
      draggable: { enabled: true, showGhost: true },
      selectable: { enabled: true },
      drawable: { enabled: true, visible: true },
      premovable: { enabled: false },
    });
  }

  // Shows the server's state: the position, whose move, the legal moves of `mover` (or none).
  show(state, mover) {
    const dests = new Map();
    for (const move of state.legal) {
      const [orig, dest] = iccsToKeys(move);
      if (!dests.has(orig)) dests.set(orig, []);
      dests.get(orig).push(dest);
    }
    const turn = state.side === 'red' ? 'white' : 'black';
    this.cg.set({
      fen: state.fen,
      turnColor: turn,
      orientation: this.orientation,
      lastMove: state.last_move ? iccsToKeys(state.last_move) : undefined,
      check: state.check ? [toKey(state.check[0], +state.check[1])] : false,
      movable: { color: mover ? turn : undefined, dests },
    });
  }

  arrows(lines) {
    const shapes = [];
    lines.forEach((line, i) => {
      if (!line.pv.length) return;
      const [orig, dest] = iccsToKeys(line.pv[0].iccs);
      shapes.push({ orig, dest, brush: brushes[Math.min(i, brushes.length - 1)] });
    });
    this.cg.setAutoShapes(shapes);
  }

  flip() {
    this.orientation = this.orientation === 'white' ? 'black' : 'white';
    this.cg.set({ orientation: this.orientation });
  }

  get flipped() {
    return this.orientation === 'black';
  }
}
