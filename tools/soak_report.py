#!/usr/bin/env python3
"""The soak's report (tools/soak.sh): per leg and in total, games played against games asked, jiang's
result, and what went wrong on either side; then the memory of each long-lived jiang process at its
first and last sample. Exit status 1 when jiang crashed, hung, forfeited on time, played an illegal move,
disconnected or left games unplayed.

usage: tools/soak_report.py DIR
"""
import collections
import pathlib
import re
import sys

MATCH_TALLY = re.compile(r"^(\S+): (\d+) time forfeits, (\d+) illegal moves, (\d+) crashes, (\d+) hangs, (\d+) restarts")
MATCH_SCORE = re.compile(r"^jiang vs \S+: (\d+)-(\d+)-(\d+)")
XBOARD_SCORE = re.compile(r" vs \S+: (\d+)-(\d+)-(\d+) .*forfeits (\d+)/(\d+) illegal (\d+)/(\d+)")
# How XBoard ends a game whose engine went away, and what uci2wb says when its engine does.
GONE = re.compile(r"exited unexpectedly|engine crashed|disconnect|xboard exit", re.I)
LONG_LIVED_S = 300  # memory is compared only for processes sampled over at least this long

Problems = collections.namedtuple("Problems", "forfeits illegal crashes hangs gone", defaults=(0, 0, 0, 0, 0))


def match_leg(out):
    """W-D-L and the problems of jiang and of its opponent, from jiang match's tally lines."""
    wdl, tallies = (0, 0, 0), []
    for line in out.splitlines():
        if m := MATCH_SCORE.match(line):
            wdl = tuple(map(int, m.groups()))
        elif m := MATCH_TALLY.match(line):
            forfeits, illegal, crashes, hangs, _restarts = map(int, m.groups()[1:])
            tallies.append(Problems(forfeits, illegal, crashes, hangs))
    while len(tallies) < 2:
        tallies.append(Problems())
    return wdl, tallies[0], tallies[1]


def xboard_leg(out, pgn, debug):
    """W-D-L and the problems of jiang (the first engine) and its opponent, from xboard-match.sh's line,
    the PGN's endings and XBoard's debug log."""
    wdl, ours, theirs = (0, 0, 0), Problems(), Problems()
    if m := XBOARD_SCORE.search(out):
        w, d, l, f1, f2, i1, i2 = map(int, m.groups())
        wdl, ours, theirs = (w, d, l), Problems(f1, i1), Problems(f2, i2)
    games = re.split(r"\n(?=\[Event )", pgn.strip()) if pgn.strip() else []
    unfinished = sum(1 for g in games if '[Result "*"]' in g)
    gone = sum(1 for g in games if GONE.search(g[-300:]))
    exits = len(re.findall(r"exited unexpectedly", debug))
    # Which engine went away is not always said: count it against both, so that nothing hides.
    lost = max(gone, exits) + unfinished
    return wdl, ours._replace(gone=lost), theirs._replace(gone=lost)


def memory(path, binary):
    """(pid, command, first kB, last kB, largest kB, seconds sampled) of every long-lived process of the
    soak's jiang binary (when given)."""
    samples = collections.defaultdict(list)
    for line in path.read_text().splitlines() if path.exists() else []:
        parts = line.split(maxsplit=3)
        if len(parts) >= 3 and (not binary or (len(parts) > 3 and parts[3].startswith(binary))):
            samples[parts[1]].append((int(parts[0]), int(parts[2]), parts[3] if len(parts) > 3 else ""))
    rows = []
    for pid, s in samples.items():
        span = s[-1][0] - s[0][0]
        if span >= LONG_LIVED_S:
            rows.append((pid, s[0][2], s[0][1], s[-1][1], max(kb for _, kb, _ in s), span))
    return rows


def main():
    out = pathlib.Path(sys.argv[1])
    total_asked = total_played = 0
    ours_total, theirs_total = Problems(), Problems()
    print(f"{'leg':12} {'games':>9} {'jiang W-D-L':>13}  jiang: forfeits illegal crashes hangs gone"
          f"  | opponent: forfeits illegal crashes hangs gone")
    for asked_file in sorted(out.glob("*.asked")):
        name = asked_file.stem
        asked_text, lane = asked_file.read_text().split()
        asked = int(asked_text)
        text = lambda suffix: (out / f"{name}{suffix}").read_text(errors="replace") if (out / f"{name}{suffix}").exists() else ""
        if lane == "xboard":
            wdl, ours, theirs = xboard_leg(text(".out"), text(".pgn"), text(".debug"))
        else:
            wdl, ours, theirs = match_leg(text(".out"))
        played = sum(wdl)
        total_asked += asked
        total_played += played
        ours_total = Problems(*(a + b for a, b in zip(ours_total, ours)))
        theirs_total = Problems(*(a + b for a, b in zip(theirs_total, theirs)))
        print(f"{name:12} {played:>4}/{asked:<4} {'-'.join(map(str, wdl)):>13}  "
              f"{ours.forfeits:>15} {ours.illegal:>7} {ours.crashes:>7} {ours.hangs:>5} {ours.gone:>4}"
              f"  | {theirs.forfeits:>18} {theirs.illegal:>7} {theirs.crashes:>7} {theirs.hangs:>5} {theirs.gone:>4}")
    print(f"{'total':12} {total_played:>4}/{total_asked:<4} {'':>13}  "
          f"{ours_total.forfeits:>15} {ours_total.illegal:>7} {ours_total.crashes:>7} {ours_total.hangs:>5} {ours_total.gone:>4}"
          f"  | {theirs_total.forfeits:>18} {theirs_total.illegal:>7} {theirs_total.crashes:>7} {theirs_total.hangs:>5} {theirs_total.gone:>4}")

    binary_file = out / "binary"
    rows = memory(out / "memory.txt", binary_file.read_text().strip() if binary_file.exists() else "")
    print(f"\nmemory of the jiang processes sampled for {LONG_LIVED_S} s or more (resident kB; XBoard starts the"
          f" engine afresh for each game, so these are jiang match's runners and engines):")
    for pid, cmd, first, last, largest, span in sorted(rows, key=lambda r: r[3] - r[2], reverse=True)[:12]:
        print(f"  pid {pid:>7} {span:>6} s  first {first:>8}  last {last:>8}  largest {largest:>8}  "
              f"growth {last - first:+8}  {cmd}")
    if rows:
        worst = max(rows, key=lambda r: r[3] - r[2])
        print(f"  {len(rows)} processes; largest growth first to last {worst[3] - worst[2]:+d} kB (pid {worst[0]})")

    failed = total_played < total_asked or any(ours_total)
    print(f"\nsoak {'FAILED' if failed else 'PASSED'}: {total_played} of {total_asked} games; jiang "
          f"{ours_total.crashes} crashes, {ours_total.illegal} illegal moves, {ours_total.forfeits} time forfeits, "
          f"{ours_total.hangs} hangs, {ours_total.gone} disconnections or unfinished games")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
