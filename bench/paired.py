#!/usr/bin/env python3
"""Two `jiang match` runs of one player against the same opponent, compared opening by opening.

Both runs must have played the same openings in the same order (`--openings FILE`, sequential), so
that Round N is the same opening and the same colours in both: a candidate build or weights file
against fairy-stockfish, say, beside the baseline's run. The unit is the opening pair (the two games
of one opening, colours swapped): the mean difference of the player's points per pair, with its 95%
margin, as points per 100 games and roughly as Elo around the baseline's score. Pairing by opening
removes the openings' own imbalance from the comparison, which two separate Elo figures keep.

usage: bench/paired.py BASELINE.pgn CANDIDATE.pgn NAME [CANDIDATE_NAME]
  NAME: the player's White/Black tag in the baseline's games (and in the candidate's, unless given).
"""
import math
import re
import sys

from pgn_games import games

RESULTS = {'1-0': 1.0, '0-1': 0.0, '1/2-1/2': 0.5}


def load(path, player):
    """Round number -> (the player's points, the moves without comments), finished games only."""
    rounds = {}
    for tags, text in games(path):
        if tags.get('Result') not in RESULTS or 'Round' not in tags:
            continue
        if player not in (tags.get('White'), tags.get('Black')):
            sys.exit(f'{path}: round {tags["Round"]} has no player named {player!r}')
        points = RESULTS[tags['Result']]
        moves = ' '.join(re.sub(r'\{[^}]*\}', ' ', text).split())
        rounds[int(tags['Round'])] = (points if tags['White'] == player else 1 - points, moves)
    return rounds


def elo(score):
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def main(argv):
    if len(argv) not in (4, 5):
        sys.exit(__doc__)
    base = load(argv[1], argv[3])
    cand = load(argv[2], argv[4] if len(argv) == 5 else argv[3])
    pairs = sorted({(r + 1) // 2 for r in base})
    pairs = [p for p in pairs if all(r in base and r in cand for r in (2 * p - 1, 2 * p))]
    if len(pairs) < 2:
        sys.exit('fewer than two opening pairs finished in both runs')
    diffs = [sum(cand[r][0] - base[r][0] for r in (2 * p - 1, 2 * p)) / 2 for p in pairs]
    same = sum(base[r][1] == cand[r][1] for p in pairs for r in (2 * p - 1, 2 * p))
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    margin = 1.96 * sd / math.sqrt(n)
    base_score = sum(base[r][0] for p in pairs for r in (2 * p - 1, 2 * p)) / (2 * n)
    cand_score = base_score + mean
    print(f'{n} opening pairs ({2 * n} games a run, {same} of them move for move the same); '
          f'baseline {100 * base_score:.1f}%, candidate {100 * cand_score:.1f}%; '
          f'candidate - baseline {100 * mean:+.1f} +/- {100 * margin:.1f} points per 100 games, '
          f'about {elo(cand_score) - elo(base_score):+.0f} +/- '
          f'{(elo(cand_score + margin) - elo(cand_score - margin)) / 2:.0f} Elo')


if __name__ == '__main__':
    main(sys.argv)
