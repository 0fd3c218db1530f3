"""The games of a PGN file as the bench scripts read them: each game's tags and its movetext.

A game starts at its [Event ...] line, as `jiang match` and XBoard write them.
"""
import re

TAG = re.compile(r'^\[(\w+) "([^"]*)"\]')


def games(path):
    """Each game as (tags, movetext): a dict of its tags, and its move lines joined by blanks."""
    tags, text = {}, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("[Event "):
                if tags or text:
                    yield tags, " ".join(text)
                tags, text = {}, []
            if m := TAG.match(line):
                tags[m.group(1)] = m.group(2)
            elif not line.startswith("["):
                text.append(line.strip())
    if tags or text:
        yield tags, " ".join(text)
