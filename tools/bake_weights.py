#!/usr/bin/env python3
"""Makes a weights file the compiled defaults: rewrites the default values in eval/params.cpp.

usage: tools/bake_weights.py WEIGHTS.json [PARAMS.cpp]   (default eval/params.cpp beside this script)

Every parameter of the registry has its default in one of three places of eval/params.cpp: the position
tables (`constexpr HalfTable kHorseMg = ...`, drawn from the enemy's back rank down), the material
values (`kTypeDefaults`), and the `phase_value(...)` / `visit(...)` calls of visit_params. This script
puts the file's value in each and leaves everything else as it is; a parameter of the file that it
cannot place, or a default it cannot find, is an error and nothing is written. Afterwards rebuild, check
that `jiang weights` prints the file's values, and write them to data/weights.json.
"""
import json
import os
import re
import sys

TYPES = {"King": "king", "Advisor": "advisor", "Elephant": "elephant", "Horse": "horse", "Rook": "rook",
         "Cannon": "cannon", "Pawn": "pawn"}
RANKS, HALF_FILES = 10, 5


class BakeError(Exception):
    pass


def table_text(name, rows):
    """A HalfTable definition, three rows a line, continuation lines aligned under the first row."""
    head = f"constexpr HalfTable {name} = {{{{"
    cells = ["{" + ", ".join(str(v) for v in row) + "}" for row in rows]
    lines = [", ".join(cells[i:i + 3]) for i in range(0, len(cells), 3)]
    return head + (",\n" + " " * len(head)).join(lines) + "}};"


def bake(text, weights):
    used = set()

    def take(key):
        if key not in weights:
            raise BakeError(f"the weights file has no {key}")
        used.add(key)
        return int(weights[key])

    def halftable(m):
        piece, phase = TYPES[m.group(1)], m.group(2).lower()
        rows = [[int(v) for v in row.split(",")] for row in re.findall(r"\{([-\d,\s]+)\}", m.group(3) + "}")]
        if len(rows) != RANKS or any(len(r) != HALF_FILES for r in rows):
            raise BakeError(f"k{m.group(1)}{m.group(2)} is not a {RANKS} x {HALF_FILES} table")
        for i, row in enumerate(rows):
            for f in range(HALF_FILES):
                key = f"position.{piece}.{phase}.{chr(ord('a') + f)}{RANKS - 1 - i}"
                if key in weights:
                    row[f] = take(key)
        return table_text(f"k{m.group(1)}{m.group(2)}", rows)

    text, n = re.subn(r"constexpr HalfTable k(\w+?)(Mg|Eg) = \{\{(.*?)\}\}\};", halftable, text, flags=re.S)
    if n != 2 * len(TYPES):
        raise BakeError(f"found {n} position tables, expected {2 * len(TYPES)}")

    def material(m):
        piece = TYPES[m.group(1)]
        return f"{{{{{take(f'material.{piece}.mg')}, {take(f'material.{piece}.eg')}}}, &k{m.group(1)}Mg"

    text = re.sub(r"\{\{(?:\d+), (?:\d+)\}, &k(Advisor|Elephant|Horse|Rook|Cannon|Pawn)Mg", material, text)

    def phase_value(m):
        name = m.group(1)
        return f'phase_value("{name}", {m.group(2)}, {{{take(name + ".mg")}, {take(name + ".eg")}}},'

    text = re.sub(r'phase_value\("([\w.]+)", ([\w.\[\]]+), \{-?\d+, -?\d+\},', phase_value, text)

    def visit(m):
        return f'visit("{m.group(1)}", {m.group(2)}, {take(m.group(1))},'

    text = re.sub(r'visit\("([\w.]+)", ([\w.\[\]]+), -?\d+,', visit, text)
    missing = sorted(set(weights) - used)
    if missing:
        raise BakeError(f"{len(missing)} parameters of the file have no default in the source: {', '.join(missing[:5])}")
    return text


def main(argv):
    if len(argv) not in (1, 2):
        print(__doc__, file=sys.stderr)
        return 2
    source = argv[1] if len(argv) == 2 else os.path.join(os.path.dirname(__file__), "..", "eval", "params.cpp")
    try:
        with open(argv[0]) as f:
            weights = json.load(f)
        with open(source) as f:
            text = f.read()
        baked = bake(text, weights)
    except (OSError, ValueError, BakeError) as e:
        print(f"bake_weights.py: {e}", file=sys.stderr)
        return 2
    with open(source, "w") as f:
        f.write(baked)
    print(f"bake_weights.py: {len(weights)} defaults written to {source}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
