"""Seed guide's control flow: break, continue and return inside loops, on Python and numpy values."""
import numpy as np

import runtime as rt


def first_negative(values):
    """Index of the first negative value, or -1: `return` from inside a loop."""
    for i, v in enumerate(values):
        if v < 0:
            return i
    return -1


def sum_until_limit(values, limit):
    """Sum of the leading values while it stays under `limit`: `break` and loop `else`."""
    total = 0
    for v in values:
        if total + v > limit:
            break
        total += v
    else:
        print('never reached the limit')
    return total


def sum_of_odds(n):
    """`continue` in a while loop."""
    i = 0
    total = 0
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        total += i
    return total


if __name__ == '__main__':
    print(first_negative([3, 1, -4, 1]), first_negative([1, 2]))
    print(sum_until_limit([5, 4, 3, 2], 10), sum_until_limit([1, 2], 10))
    print(sum_of_odds(10))
    # the same functions traced into graphs, on numpy values
    print(rt.function(sum_of_odds)(np.int64(10)))
    print(rt.function(first_negative)(np.array([3, 1, -4, 1])))
    print(rt.function(sum_until_limit)(np.array([5, 4, 3, 2]), np.int64(10)))
