"""Loops: while, for, break, continue, else clauses, and returns inside loops."""


def collatz_steps(n):
    """How many steps the Collatz sequence of n takes to reach 1."""
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2  # even: halve
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def first_negative(values):
    # a return inside a loop stops the loop
    for index, value in enumerate(values):
        if value < 0:
            return index, value

    return None


def sum_positive(values, limit):
    total = 0
    for value in values:
        if value <= 0:
            continue
        if total + value > limit:
            break
        total += value
    else:
        # ran to the end without a break
        total = -total
    return total


def countdown(n):
    out = []
    while n > 0:
        n -= 1
        if n == 2:
            continue
        out.append(n)
    else:
        out.append('liftoff')
    return out


def grid_search(rows, target):
    found = None
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            if cell == target:
                found = (i, j)
                break
        if found is not None:
            break
    return found
