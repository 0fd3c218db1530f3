#!/usr/bin/env python3
"""Draws the page's pieces and board, and cuts its font, from Noto Serif CJK (SIL Open Font License 1.1).

The pieces are discs with the traditional characters as outlines (SVG paths), so they look the same on
every machine, with or without Chinese fonts; the page's own Chinese text (the moves in Chinese
notation) uses a subset of the same font, served by jiang. The outputs are committed: the build needs
neither this script nor the font. To run it again (Debian 12):

    apt-get install python3-fonttools python3-brotli fonts-noto-cjk
    gui/web/tools/make_pieces.py /usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc gui/web/pieces
"""
import sys
from pathlib import Path

from fontTools import subset
from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTCollection

RED = {"k": "帥", "a": "仕", "b": "相", "n": "傌", "r": "俥", "c": "炮", "p": "兵"}
BLACK = {"k": "將", "a": "士", "b": "象", "n": "馬", "r": "車", "c": "砲", "p": "卒"}
RIVER = "楚河漢界"
# Every Chinese character the page prints: the pieces, Chinese notation, the numbers of both sides.
PAGE_TEXT = "".join(RED.values()) + "".join(BLACK.values()) + "中文進退平前中後一二三四五六七八九１２３４５６７８９" + RIVER

INK = {"red": "#b3191a", "black": "#1b1b1b"}
WOOD, RIM = "#f2dcaa", "#6b4a26"


def traditional_face(path):
    for font in TTCollection(path).fonts:
        if "TC" in font["name"].getDebugName(1):
            return font
    raise SystemExit(f"{path}: no Traditional Chinese (TC) face")


def outline(font, char, centre_x, centre_y, height):
    """The character's outline as an SVG path, scaled to `height` and centred on the point."""
    glyphs = font.getGlyphSet()
    name = font.getBestCmap()[ord(char)]
    bounds = BoundsPen(glyphs)
    glyphs[name].draw(bounds)
    x0, y0, x1, y1 = bounds.bounds
    scale = height / (font["head"].unitsPerEm * 0.92)
    dx = centre_x - (x0 + x1) / 2 * scale
    dy = centre_y + (y0 + y1) / 2 * scale
    pen = SVGPathPen(glyphs)
    glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, dx, dy)))
    return pen.getCommands()


def piece_svg(font, char, colour):
    ink = INK[colour]
    return (
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>"
        f"<circle cx='50' cy='50' r='47' fill='{WOOD}' stroke='{RIM}' stroke-width='3'/>"
        f"<circle cx='50' cy='50' r='39.5' fill='none' stroke='{ink}' stroke-width='2.5'/>"
        f"<path fill='{ink}' d='{outline(font, char, 50, 50, 56)}'/></svg>\n"
    )


def board_svg(font):
    """Nine files and ten ranks through the centres of a 900 x 1000 grid, as chessgroundx places pieces."""
    lines = []
    x = lambda f: 50 + 100 * f
    y = lambda r: 50 + 100 * r
    for r in range(10):
        lines.append(f"M{x(0)} {y(r)}H{x(8)}")
    for f in range(9):
        if f in (0, 8):
            lines.append(f"M{x(f)} {y(0)}V{y(9)}")
        else:
            lines.append(f"M{x(f)} {y(0)}V{y(4)}M{x(f)} {y(5)}V{y(9)}")
    for top in (0, 7):  # the palaces
        lines.append(f"M{x(3)} {y(top)}L{x(5)} {y(top + 2)}M{x(5)} {y(top)}L{x(3)} {y(top + 2)}")
    river = "".join(outline(font, c, cx, 500, 52) for c, cx in zip(RIVER, (170, 270, 630, 730)))
    return (
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 900 1000'>"
        "<rect width='900' height='1000' fill='#e8c98f'/>"
        f"<path d='{' '.join(lines)}' stroke='{RIM}' stroke-width='3' fill='none'/>"
        f"<rect x='{x(0)}' y='{y(0)}' width='800' height='900' stroke='{RIM}' stroke-width='6' fill='none'/>"
        f"<path fill='{RIM}' fill-opacity='0.75' d='{river}'/></svg>\n"
    )


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    source, out = sys.argv[1], Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    font = traditional_face(source)
    for colour, chars in (("red", RED), ("black", BLACK)):
        for letter, char in chars.items():
            (out / f"{colour}-{letter}.svg").write_text(piece_svg(font, char, colour), encoding="utf-8")
    (out / "board.svg").write_text(board_svg(font), encoding="utf-8")
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []
    options.name_IDs = ["*"]  # keeps the copyright and the licence in the file
    cutter = subset.Subsetter(options)
    cutter.populate(text=PAGE_TEXT)
    cutter.subset(font)
    subset.save_font(font, str(out / "font.woff2"), options)


if __name__ == "__main__":
    main()
