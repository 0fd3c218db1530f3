#!/usr/bin/env python3
"""Plots the loss histories `jiang tune` writes (the CSV beside its --out) as one SVG picture.

usage: tools/plot_loss.py [--x seconds|iteration] [--title TEXT] -o OUT.svg [LABEL=]HISTORY.csv ...

Each history is one colour: its training loss (the current point's, as the optimiser saw it) as a
solid line, its validation loss (held-out games) dashed. With --x seconds (the default) runs of
different optimisers compare by the time they took; with --x iteration by their steps. Needs nothing
but Python 3; any browser shows the result.
"""
import argparse
import csv
import math
import sys
from xml.sax.saxutils import escape

# Plot geometry, in SVG user units (pixels).
WIDTH, HEIGHT = 900, 560
LEFT, RIGHT, TOP, BOTTOM = 80, 200, 40, 60  # margins: axis labels left and below, the legend right
TICKS = 6  # about this many labelled ticks on each axis
# Colours that stay apart for up to eight runs.
# Points drawn a line at most: a long hill-climbing run has tens of thousands of iterations, more than a
# picture 600 pixels wide can show; evenly spaced ones (the first and the last kept) draw the same curve.
MAX_POINTS = 1500
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]


class HistoryError(Exception):
    pass


def read_history(path, x_column):
    """The (x, training, validation) points of one CSV."""
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        raise HistoryError(f"cannot read {path}: {e.strerror}")
    needed = {x_column, "current_loss", "validation_loss"}
    if not rows or not needed <= set(rows[0].keys()):
        raise HistoryError(f"{path} is not a jiang tune history (it needs the columns {', '.join(sorted(needed))})")
    points = []
    for line, row in enumerate(rows, start=2):
        try:
            point = tuple(float(row[c]) for c in (x_column, "current_loss", "validation_loss"))
        except (TypeError, ValueError):
            raise HistoryError(f"{path}:{line}: a value that is not a number")
        if not all(math.isfinite(v) for v in point):
            raise HistoryError(f"{path}:{line}: a value that is not finite")
        points.append(point)
    return thin(points)


def thin(points):
    """At most MAX_POINTS of the points, evenly spaced, the first and the last among them."""
    if len(points) <= MAX_POINTS:
        return points
    step = (len(points) - 1) / (MAX_POINTS - 1)
    return [points[round(i * step)] for i in range(MAX_POINTS)]


def nice_ticks(low, high):
    """Round tick values covering [low, high]."""
    if high <= low:
        high = low + (abs(low) or 1.0)
    raw = (high - low) / TICKS
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        ticks.append(value)
        value += step
    if ticks[-1] < high:
        ticks.append(ticks[-1] + step)
    return ticks


def tick_label(value):
    return f"{value:.6g}"


def render(histories, x_label, title):
    xs = [p[0] for _, pts in histories for p in pts]
    ys = [v for _, pts in histories for p in pts for v in p[1:]]
    x_ticks, y_ticks = nice_ticks(min(xs), max(xs)), nice_ticks(min(ys), max(ys))
    x0, x1, y0, y1 = x_ticks[0], x_ticks[-1], y_ticks[0], y_ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x):
        return LEFT + (x - x0) / (x1 - x0) * plot_w

    def py(y):
        return TOP + plot_h - (y - y0) / (y1 - y0) * plot_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'font-family="sans-serif" font-size="13">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{LEFT + plot_w / 2}" y="24" text-anchor="middle" font-size="16">{escape(title)}</text>']
    for t in x_ticks:
        out.append(f'<line x1="{px(t):.1f}" y1="{TOP}" x2="{px(t):.1f}" y2="{TOP + plot_h}" stroke="#e5e5e5"/>')
        out.append(f'<text x="{px(t):.1f}" y="{TOP + plot_h + 18}" text-anchor="middle">{tick_label(t)}</text>')
    for t in y_ticks:
        out.append(f'<line x1="{LEFT}" y1="{py(t):.1f}" x2="{LEFT + plot_w}" y2="{py(t):.1f}" stroke="#e5e5e5"/>')
        out.append(f'<text x="{LEFT - 6}" y="{py(t) + 4:.1f}" text-anchor="end">{tick_label(t)}</text>')
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="black"/>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 18}" text-anchor="middle">{escape(x_label)}</text>')
    out.append(f'<text transform="translate(18 {TOP + plot_h / 2}) rotate(-90)" text-anchor="middle">loss</text>')
    for i, (label, pts) in enumerate(histories):
        colour = COLOURS[i % len(COLOURS)]
        for column, dash in ((1, ""), (2, ' stroke-dasharray="6 4"')):
            coords = " ".join(f"{px(p[0]):.1f},{py(p[column]):.1f}" for p in pts)
            out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="1.8"{dash} points="{coords}"/>')
        ly = TOP + 10 + i * 44
        lx = LEFT + plot_w + 16
        out.append(f'<text x="{lx}" y="{ly + 4}" fill="{colour}">{escape(label)}</text>')
        out.append(f'<line x1="{lx}" y1="{ly + 16}" x2="{lx + 28}" y2="{ly + 16}" stroke="{colour}" stroke-width="1.8"/>')
        out.append(f'<text x="{lx + 34}" y="{ly + 20}" font-size="11">training</text>')
        out.append(f'<line x1="{lx + 92}" y1="{ly + 16}" x2="{lx + 120}" y2="{ly + 16}" stroke="{colour}" '
                   f'stroke-width="1.8" stroke-dasharray="6 4"/>')
        out.append(f'<text x="{lx + 126}" y="{ly + 20}" font-size="11">validation</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("histories", nargs="+", metavar="[LABEL=]HISTORY.csv")
    parser.add_argument("-o", "--out", required=True, help="the SVG file to write")
    parser.add_argument("--x", choices=("seconds", "iteration"), default="seconds", help="the horizontal axis")
    parser.add_argument("--title", default="jiang tune: training and validation loss")
    args = parser.parse_args(argv)
    x_column = "elapsed_s" if args.x == "seconds" else "iteration"
    histories = []
    try:
        for spec in args.histories:
            label, _, path = spec.rpartition("=")
            points = read_history(path, x_column)
            if not points:
                raise HistoryError(f"{path} holds no iteration")
            histories.append((label or path, points))
        svg = render(histories, "seconds" if args.x == "seconds" else "iteration", args.title)
        with open(args.out, "w") as f:
            f.write(svg)
    except HistoryError as e:
        print(f"plot_loss.py: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"plot_loss.py: cannot write {args.out}: {e.strerror}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
