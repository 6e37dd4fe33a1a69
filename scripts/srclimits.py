#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""srclimits.py -- the size limits of the house rules, measured.

Usage: scripts/srclimits.py [--max-lines N] [--max-func N] FILE.c...

Prints one line per file over --max-lines lines (default 800):
    FILE: N lines
and one line per function longer than --max-func lines (default 120):
    FILE:LINE: NAME N lines
and exits 1 when it printed any, 0 when none, 2 on a bad argument.

A function's length is the lines from its opening brace to its closing
brace, both counted. A function is a brace block at file scope whose
declarator (the text since the previous ';', '}' or preprocessor line)
ends with ')' and holds no '=': initialised tables (`x[] = {`) and
struct/enum/union definitions are not functions and have no limit.
Comments, string and character literals and preprocessor lines are
blanked before braces are counted, so a brace in them does not count.
"""
import re
import sys


def blank(text):
    """@text with comments, literals and preprocessor lines made spaces
    (newlines kept, so line numbers hold)."""
    out = []
    i, n = 0, len(text)
    bol = True  # at the start of a line (only blanks so far)
    while i < n:
        c = text[i]
        if bol and c == '#':
            # a preprocessor line, with its backslash continuations
            while i < n and text[i] != '\n':
                if text[i] == '\\' and i + 1 < n and text[i + 1] == '\n':
                    out.append(' \n')
                    i += 2
                    continue
                out.append(' ')
                i += 1
            continue
        if c == '/' and text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
            continue
        if c == '/' and text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
            continue
        if c in '"\'':
            j = i + 1
            while j < n and text[j] != c and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            j = min(j + 1, n)
            out.append(c + re.sub(r'[^\n]', ' ', text[i + 1:j - 1]) + c)
            i = j
            bol = False
            continue
        out.append(c)
        if c == '\n':
            bol = True
        elif not c.isspace():
            bol = False
        i += 1
    return ''.join(out)


def functions(text):
    """(line, name, length) of every function defined in C source @text."""
    s = blank(text)
    depth = 0
    decl_start = 0
    start = None
    line = 1
    for i, c in enumerate(s):
        if c == '\n':
            line += 1
        elif c == '{':
            if depth == 0:
                decl = s[decl_start:i].strip()
                m = re.search(r'(\w+)\s*\(', decl)
                if decl.endswith(')') and '=' not in decl and m:
                    start = (line, m.group(1))
                else:
                    start = None
            depth += 1
        elif c == '}':
            depth -= 1
            if depth == 0:
                if start:
                    yield start[0], start[1], line - start[0] + 1
                start = None
                decl_start = i + 1
        elif c == ';' and depth == 0:
            decl_start = i + 1


def main(argv):
    max_lines, max_func, files = 800, 120, []
    args = iter(argv)
    for a in args:
        if a in ('--max-lines', '--max-func'):
            try:
                v = int(next(args))
            except (StopIteration, ValueError):
                print(f'srclimits: {a} needs a number', file=sys.stderr)
                return 2
            if a == '--max-lines':
                max_lines = v
            else:
                max_func = v
        elif a.startswith('-'):
            print(f'srclimits: unknown option {a}', file=sys.stderr)
            return 2
        else:
            files.append(a)
    over = 0
    for f in files:
        try:
            with open(f, encoding='utf-8', errors='replace') as fh:
                text = fh.read()
        except OSError as e:
            print(f'srclimits: {f}: {e.strerror}', file=sys.stderr)
            return 2
        nlines = text.count('\n') + (0 if text.endswith('\n') or not text else 1)
        if nlines > max_lines:
            print(f'{f}: {nlines} lines')
            over += 1
        for ln, name, length in functions(text):
            if length > max_func:
                print(f'{f}:{ln}: {name} {length} lines')
                over += 1
    return 1 if over else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
