"""Numeric loops: Newton's method, bisection, integer square root, series sums (numbers in, numbers out)."""


def newton_sqrt(x, tolerance=1e-12):
    if x < 0:
        raise ValueError('negative input')
    if x == 0:
        return 0.0
    guess = x if x > 1 else 1.0
    while abs(guess * guess - x) > tolerance * x:
        guess = (guess + x / guess) / 2
    return guess


def isqrt(n):
    # Bisection on integers: the largest r with r*r <= n.
    lo, hi = 0, n + 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if mid * mid <= n:
            lo = mid
        else:
            hi = mid
    return lo


def harmonic(n):
    total = 0.0
    for k in range(1, n + 1):
        total += 1.0 / k
    return total


def leibniz_pi(terms):
    acc = 0.0
    sign = 1.0
    for k in range(terms):
        acc += sign / (2 * k + 1)
        sign = -sign
    return 4 * acc


def bisect_root(lo, hi, steps):
    """Root of x**3 - 2x - 5 on [lo, hi] by a fixed number of bisection steps."""
    f_lo = lo ** 3 - 2 * lo - 5
    for _ in range(steps):
        mid = (lo + hi) / 2
        f_mid = mid ** 3 - 2 * mid - 5
        if f_mid == 0:
            break
        if (f_mid < 0) == (f_lo < 0):
            lo, f_lo = mid, f_mid
        else:
            hi = mid
    return (lo + hi) / 2


def clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


def compound(principal, rate, years):
    balance = principal
    year = 0
    while year < years:
        balance = balance * (1 + rate)
        if balance > 1e6:
            break
        year += 1
    return balance


def is_close_to_integer(x):
    return abs(x - round(x)) < 1e-9


NUMERIC = ['newton_sqrt', 'isqrt', 'harmonic', 'leibniz_pi', 'bisect_root', 'clamp', 'compound',
           'is_close_to_integer']

CASES = [
    ('newton_sqrt', (2.0,), {}),
    ('newton_sqrt', (1e-4,), {}),
    ('newton_sqrt', (0,), {}),
    ('newton_sqrt', (-1,), {}),
    ('isqrt', (99,), {}),
    ('isqrt', (100,), {}),
    ('isqrt', (0,), {}),
    ('harmonic', (10,), {}),
    ('harmonic', (0,), {}),
    ('leibniz_pi', (1000,), {}),
    ('bisect_root', (2.0, 3.0, 40), {}),
    ('clamp', (5, 0, 3), {}),
    ('clamp', (-2.5, 0, 3), {}),
    ('clamp', (True, 0, 3), {}),
    ('compound', (1000.0, 0.05, 10), {}),
    ('compound', (900000.0, 0.5, 10), {}),
    ('is_close_to_integer', (2.0000000001,), {}),
    ('is_close_to_integer', (2.5,), {}),
]
