"""Numeric branching: piecewise functions, sign tricks, integer arithmetic corners, bool as number."""


def piecewise(x):
    if x < -1:
        y = -1.0
    elif x < 0:
        y = x * x - 1
    elif x < 1:
        y = x
    else:
        y = 1.0 + (x - 1) * 0.5
    return y


def relu_sum(a, b, c):
    total = 0
    for v in (a, b, c):
        if v > 0:
            total += v
    return total


def floor_ops(a, b):
    # Python's floor division and modulo follow the sign of the divisor.
    return a // b * 1000 + a % b


def fizz_score(n):
    score = 0
    i = 1
    while i <= n:
        if i % 15 == 0:
            score += 15
        elif i % 5 == 0:
            score += 5
        elif i % 3 == 0:
            score += 3
        else:
            score -= 1
        i += 1
    return score


def bool_arithmetic(flag, x):
    return flag * x + (not flag) * -x


def int_power_mod(base, exp, mod):
    result = 1
    base %= mod
    while exp > 0:
        if exp & 1:
            result = result * base % mod
        base = base * base % mod
        exp >>= 1
    return result


def triangle_kind(a, b, c):
    if a + b <= c or a + c <= b or b + c <= a:
        return 0
    if a == b == c:
        return 3
    if a == b or b == c or a == c:
        return 2
    return 1


def max_of_three(a, b, c):
    m = a
    if b > m:
        m = b
    if c > m:
        m = c
    return m


def float_corners(x):
    return x / 3 * 3 == x, x + 0.1 + 0.2 == x + 0.3, -x * 0.0


def zero_division(a, b):
    return a / b


NUMERIC = ['piecewise', 'relu_sum', 'floor_ops', 'fizz_score', 'bool_arithmetic', 'int_power_mod',
           'triangle_kind', 'max_of_three']

CASES = [
    ('piecewise', (-2,), {}),
    ('piecewise', (-0.5,), {}),
    ('piecewise', (0.25,), {}),
    ('piecewise', (3,), {}),
    ('relu_sum', (1, -2, 3.5), {}),
    ('floor_ops', (7, 2), {}),
    ('floor_ops', (-7, 2), {}),
    ('floor_ops', (7, -2), {}),
    ('floor_ops', (7.5, 2), {}),
    ('fizz_score', (30,), {}),
    ('bool_arithmetic', (True, 4), {}),
    ('bool_arithmetic', (False, 4), {}),
    ('int_power_mod', (3, 200, 1000007), {}),
    ('triangle_kind', (3, 4, 5), {}),
    ('triangle_kind', (2, 2, 2), {}),
    ('triangle_kind', (2, 2, 3), {}),
    ('triangle_kind', (1, 2, 3), {}),
    ('max_of_three', (1, 3, 2), {}),
    ('max_of_three', (1.5, 1, True), {}),
    ('float_corners', (1.0,), {}),
    ('float_corners', (10,), {}),
    ('zero_division', (1, 0), {}),
    ('zero_division', (1.0, 0.0), {}),
]
