"""break and continue in nested loops, mixed while/for, flags that emulate labelled breaks."""


def skip_negatives(values):
    total = 0
    for v in values:
        if v < 0:
            continue
        if v > 100:
            break
        total += v
    return total


def find_pair(grid, target):
    # Python has no labelled break; a flag carries the inner break outwards.
    found = None
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell == target:
                found = (r, c)
                break
        if found:
            break
    return found


def continue_in_while(n):
    i = 0
    odds = []
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        odds.append(i)
    return odds


def break_in_while_true(limit):
    squares = []
    k = 0
    while True:
        k += 1
        if k * k > limit:
            break
        if k % 3 == 0:
            continue
        squares.append(k * k)
    return squares, k


def inner_continue_outer_break(matrix):
    seen = []
    for row in matrix:
        for x in row:
            if x == 0:
                continue
            if x < 0:
                break
            seen.append(x)
        else:
            seen.append('|')
            continue
        seen.append('!')
        if len(seen) > 6:
            break
    return seen


def tokens(text):
    """A scanner that skips whitespace and stops at a comment marker."""
    out = []
    word = ''
    for ch in text:
        if ch == '#':
            break
        if ch.isspace():
            if word:
                out.append(word)
                word = ''
            continue
        word += ch
    if word:
        out.append(word)
    return out


CASES = [
    ('skip_negatives', ([1, -2, 3, 200, 4],), {}),
    ('skip_negatives', ([-1, -2],), {}),
    ('find_pair', ([[1, 2], [3, 4], [5, 4]], 4), {}),
    ('find_pair', ([[1, 2]], 9), {}),
    ('continue_in_while', (9,), {}),
    ('break_in_while_true', (50,), {}),
    ('inner_continue_outer_break', ([[1, 0, 2], [3, -1, 4], [0], [5, 6], [7, 8]],), {}),
    ('inner_continue_outer_break', ([],), {}),
    ('tokens', ('  let x =  42 # the answer',), {}),
    ('tokens', ('word',), {}),
]
