"""Statements kept as Python inside converted code: try, with, match, del; and list building."""
import contextlib

import runtime as rt


def parse_all(texts):
    numbers = []
    for text in texts:
        rt.set_loop_options(maximum_iterations=1000)
        try:
            value = int(text)
        except ValueError as err:
            print('skipped:', err)
            continue
        finally:
            print('tried', text)
        numbers.append(value)
    return numbers


def suppressed(values):
    out = []
    for value in values:
        with contextlib.suppress(ZeroDivisionError):
            out.append(1 / value)
    return out


def shape(point):
    match point:
        case (x, 0):
            label = f'x-axis at {x}'
        case (0, y):
            label = f'y-axis at {y}'
        case _:
            label = 'elsewhere'
    if label:
        return label.upper()


def last_item(items):
    if items:
        last = items[-1]
    return last


def report(items, verbose):
    if items:
        newest = items[-1]
    if verbose:
        # newest may be unbound here: the original's UnboundLocalError is kept
        print('newest:', newest)
        del newest


def drain(data):
    tmp = list(data)
    total = 0
    while tmp:
        total += tmp.pop()
    del tmp
    return total
