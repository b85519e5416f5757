#!/usr/bin/env python3
"""Prints the ASCII transliteration rows of SwiftIdentifier+Transliteration.swift.

For every code point of U+00C0-U+024F (Latin-1 letters, Latin Extended-A and -B) and
U+1E00-U+1EFF (Latin Extended Additional), in this order:
  1. a hand-written spelling for the letters whose ASCII form is a convention, not a
     decomposition (sharp s -> ss, thorn -> th, eth -> d, eng -> ng, dotless i -> i, ...);
  2. else the compatibility decomposition (NFKD) without its combining marks, when that
     leaves ASCII letters only (u-umlaut -> u, ligature ij -> ij, ...);
  3. else the base letter(s) of its Unicode name, "LATIN CAPITAL|SMALL LETTER|LIGATURE X
     [WITH ...]" with X one or two letters (o with stroke -> o, ae -> ae, d with stroke -> d);
  4. else "-": no ASCII spelling, the character separates words.
Only Python's unicodedata is used, so the table is a function of the Unicode version.
Usage: python3 scripts/tables/latin_ascii.py > /tmp/rows.txt, then paste the rows.
"""
import re
import sys
import unicodedata

RANGES = [(0x00C0, 0x0250), (0x1E00, 0x1F00)]
CONVENTIONS = {
    "SHARP S": "ss", "DOTLESS I": "i", "DOTLESS J": "j", "LONG S": "s", "THORN": "th", "ETH": "d",
    "ENG": "ng", "KRA": "k",
}
NAME = re.compile(r"^LATIN (CAPITAL|SMALL) (?:LETTER|LIGATURE) (.+?)(?: WITH .*)?$")


def spelling(code):
    char = chr(code)
    try:
        name = unicodedata.name(char)
    except ValueError:
        return "-"
    if not unicodedata.category(char).startswith("L"):
        return "-"
    match = NAME.match(name)
    if match and match.group(2) in CONVENTIONS:
        text = CONVENTIONS[match.group(2)]
        return text.upper() if match.group(1) == "CAPITAL" else text
    decomposed = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    if decomposed and all("A" <= c <= "Z" or "a" <= c <= "z" for c in decomposed):
        return decomposed
    if match and re.fullmatch(r"[A-Z]{1,2}", match.group(2)):
        text = match.group(2)
        return text if match.group(1) == "CAPITAL" else text.lower()
    return "-"


def main():
    for start, end in RANGES:
        for row in range(start, end, 16):
            entries = " ".join(spelling(code) for code in range(row, row + 16))
            sys.stdout.write(f'    (0x{row:04X}, "{entries}"),\n')


if __name__ == "__main__":
    main()
