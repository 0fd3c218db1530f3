#!/usr/bin/env python3
"""tools/plot_loss.py on real histories: two short tuner runs drawn in one SVG (well-formed, one solid
and one dashed line a run, a point an iteration), and a broken history refused with its reason.

usage: plot_loss_test.py JIANG SAMPLE_POSITIONS PLOT_SCRIPT
"""
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def main(jiang, sample, plot):
    with tempfile.TemporaryDirectory() as tmp:
        histories = []
        for algo in ("hc", "adam"):
            out = os.path.join(tmp, f"{algo}.json")
            run = subprocess.run([jiang, "tune", "--data", sample, "--algo", algo, "--iterations", "3", "--threads", "1",
                                  "--out", out], capture_output=True, text=True)
            if run.returncode != 0:
                fail(f"jiang tune --algo {algo}: {run.stderr}")
            histories.append((algo, os.path.join(tmp, f"{algo}.csv")))
        svg = os.path.join(tmp, "loss.svg")
        run = subprocess.run([sys.executable, plot, "-o", svg] + [f"{a}={p}" for a, p in histories],
                             capture_output=True, text=True)
        if run.returncode != 0:
            fail(f"plot_loss.py: {run.stderr}")
        lines = [e for e in ET.parse(svg).iter() if e.tag.endswith("polyline")]
        if len(lines) != 4:
            fail(f"{len(lines)} lines drawn for 2 runs (a training and a validation line each)")
        for (algo, path), pair in zip(histories, (lines[0:2], lines[2:4])):
            with open(path) as f:
                rows = len(f.read().splitlines()) - 1
            for line in pair:
                if len(line.get("points").split()) != rows:
                    fail(f"{algo}: {len(line.get('points').split())} points drawn for {rows} iterations")
            if pair[0].get("stroke-dasharray") or not pair[1].get("stroke-dasharray"):
                fail(f"{algo}: training solid, validation dashed")
        broken = os.path.join(tmp, "broken.csv")
        with open(broken, "w") as f:
            f.write("iteration,elapsed_s,current_loss,validation_loss\n0,0.1,0.08,oops\n")
        run = subprocess.run([sys.executable, plot, "-o", os.path.join(tmp, "b.svg"), broken], capture_output=True,
                             text=True)
        if run.returncode != 2 or "broken.csv:2: a value that is not a number" not in run.stderr:
            fail(f"a broken history: exit {run.returncode}, {run.stderr!r}")
        if os.path.exists(os.path.join(tmp, "b.svg")):
            fail("a broken history left a picture")
    print("PASS")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
