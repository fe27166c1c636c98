"""Conway's game of life on small lists of lists: neighbour counting with bounds checks, generations."""


def parse(rows):
    return [[ch == '#' for ch in row] for row in rows]


def render(grid):
    return [''.join('#' if alive else '.' for alive in row) for row in grid]


def neighbours(grid, r, c):
    count = 0
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == 0 and dc == 0:
                continue
            rr, cc = r + dr, c + dc
            if 0 <= rr < len(grid) and 0 <= cc < len(grid[rr]):
                count += grid[rr][cc]
    return count


def step(grid):
    new = []
    for r, row in enumerate(grid):
        new_row = []
        for c, alive in enumerate(row):
            n = neighbours(grid, r, c)
            new_row.append(n == 3 or (alive and n == 2))
        new.append(new_row)
    return new


def run(rows, generations):
    grid = parse(rows)
    history = [render(grid)]
    for g in range(generations):
        grid = step(grid)
        frame = render(grid)
        if frame == history[-1]:
            history.append(f'stable after {g + 1}')
            break
        if not any(any(row) for row in grid):
            history.append('extinct')
            break
        history.append(frame)
    return history


BLINKER = ['.....', '..#..', '..#..', '..#..', '.....']
BLOCK = ['....', '.##.', '.##.', '....']
LONELY = ['...', '.#.', '...']

CASES = [
    ('run', (BLINKER, 3), {}),
    ('run', (BLOCK, 5), {}),
    ('run', (LONELY, 5), {}),
    ('neighbours', (parse(BLOCK), 0, 0), {}),
]
