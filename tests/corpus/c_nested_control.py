"""Deeply nested control flow: for in while in if, break/continue at every level, returns from the middle."""


def scan(grid, limit):
    """Walks a grid row by row, with exits at each nesting level."""
    total = 0
    r = 0
    events = []
    while r < len(grid):
        row = grid[r]
        r += 1
        if not row:
            events.append(f'empty row {r - 1}')
            continue
        for c, cell in enumerate(row):
            if cell is None:
                continue
            if cell < 0:
                events.append(f'negative at {r - 1},{c}')
                break
            for _ in range(cell):
                total += 1
                if total >= limit:
                    events.append('limit reached')
                    return total, events
        else:
            events.append(f'row {r - 1} complete')
    else:
        events.append('all rows scanned')
    return total, events


def matrix_search(matrix, predicate_max):
    found = []
    for i, row in enumerate(matrix):
        j = 0
        while j < len(row):
            v = row[j]
            j += 1
            if v > predicate_max:
                if i % 2 == 0:
                    break
                else:
                    continue
            if v == 0:
                found.append(('zero', i))
                if len(found) > 2:
                    return found
            elif v % 2:
                found.append(('odd', v))
    return found


def nested_ifs(a, b, c):
    if a:
        if b:
            if c:
                return 'abc'
            else:
                r = 'ab'
        elif c:
            r = 'ac'
        else:
            return 'a'
    else:
        if b and c:
            r = 'bc'
        elif b or c:
            r = 'b' if b else 'c'
        else:
            r = ''
    return r.upper()


def labelled_break(words):
    # Break out of two loops at once with a flag, then keep going in the outer-outer loop.
    report = []
    for group in words:
        done = False
        for word in group:
            for ch in word:
                if ch == '!':
                    done = True
                    break
                if ch == '?':
                    break
            else:
                report.append(word)
                continue
            if done:
                break
            report.append(word + '?')
        report.append('|')
    return report


CASES = [
    ('scan', ([[1, 2], [], [None, 3, -1, 5], [2, 2]], 100), {}),
    ('scan', ([[1, 2], [], [None, 3, -1, 5], [2, 2]], 7), {}),
    ('scan', ([], 1), {}),
    ('matrix_search', ([[1, 9, 0], [9, 0, 3], [0, 0, 5]], 5), {}),
    ('matrix_search', ([[2, 4]], 5), {}),
    ('nested_ifs', (1, 1, 1), {}),
    ('nested_ifs', (1, 1, 0), {}),
    ('nested_ifs', (1, 0, 1), {}),
    ('nested_ifs', (1, 0, 0), {}),
    ('nested_ifs', (0, 1, 1), {}),
    ('nested_ifs', (0, 0, 1), {}),
    ('nested_ifs', (0, 1, 0), {}),
    ('nested_ifs', (0, 0, 0), {}),
    ('labelled_break', ([['ab', 'c?d', 'ef'], ['x!', 'never'], ['last']],), {}),
]
