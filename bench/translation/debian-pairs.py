"""Builds test-support/debian-es-messages.tsv: English and Spanish sentences both written by
people, from the Debian message catalogues installed on this machine (es .mo files).

Usage: python3 bench/translation/debian-pairs.py > test-support/debian-es-messages.tsv

Each catalogue is unpacked with msgunfmt (Debian's gettext). An entry is kept when it is a plain
sentence: no format directive, markup, path, option or newline; 4 to 20 words; letters, digits
and ordinary punctuation only; no word in capitals (acronyms and constants read the same in both
languages). At most 30 are kept per catalogue, evenly spaced through it, so that no catalogue's
vocabulary outweighs the others. git is left out: most of its strings are its own jargon.
"""
import ast
import glob
import os
import re
import subprocess
import sys

PER_CATALOGUE = 30


def unquote(text):
    try:
        return ast.literal_eval(text)
    except Exception:
        return ''


def entries(po):
    found, current, key = [], {}, None
    for line in po.splitlines():
        if line.startswith('msgid '):
            if current.get('msgid') and current.get('msgstr') is not None:
                found.append(current)
            current, key = {'msgid': unquote(line[6:])}, 'msgid'
        elif line.startswith('msgstr '):
            current['msgstr'], key = unquote(line[7:]), 'msgstr'
        elif line.startswith('msgid_plural') or line.startswith('msgstr['):
            current['plural'], key = True, None
        elif line.startswith('msgctxt'):
            if current.get('msgid') and current.get('msgstr') is not None:
                found.append(current)
            current, key = {}, None
        elif line.startswith('"') and key:
            current[key] += unquote(line)
    if current.get('msgid') and current.get('msgstr') is not None:
        found.append(current)
    return found


def plain(english, spanish):
    if not english or not spanish:
        return False
    if re.search(r'[%$<>{}\[\]\\/_=`"|@#*]|--|\n|\t', english + spanish):
        return False
    if not re.fullmatch(r"[A-Z][A-Za-z0-9 ,.;:()'-]+[.]?", english):
        return False
    words = english.split()
    return 4 <= len(words) <= 20 and not any(word.isupper() and len(word) > 1 for word in words)


for path in sorted(glob.glob('/usr/share/locale/es/LC_MESSAGES/*.mo')):
    catalogue = os.path.basename(path)[:-3]
    if catalogue == 'git':
        continue
    po = subprocess.run(['msgunfmt', '--no-wrap', path], capture_output=True, text=True).stdout
    kept = [(e['msgid'], e['msgstr']) for e in entries(po) if not e.get('plural') and plain(e['msgid'], e['msgstr'])]
    step = max(1, len(kept) / PER_CATALOGUE)
    for i in range(min(PER_CATALOGUE, len(kept))):
        english, spanish = kept[int(i * step)]
        sys.stdout.write(f'{catalogue}\t{english}\t{spanish}\n')
