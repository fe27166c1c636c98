"""Plain-Python functions that TensorFlow's AutoGraph converts, for `test_tf_compat.py`.

`generate_fixtures.py` (run once, with TensorFlow, outside the project) passes
every function of this module to `tf.autograph.to_code` and saves the source it
emits under `fixtures/`. The test runs that TensorFlow-generated code with
`ag__` bound to `runtime.ag` and compares every case of CASES with the original.

Everything here is deterministic, standard-library only and free of TensorFlow:
the values are plain Python values, so the operators take their Python paths.
CASES run in order on one fresh import of the module (some cases mutate
module globals, and the TensorFlow side must mutate them the same way).

TensorFlow calls zero-argument `super()` and namespace-less `eval`/`globals`/
`locals` through `converted_call`, which must run them in the caller's context:
covered below. Not covered: argument-less `vars`/`dir` (TensorFlow's own code
gets them wrong) and TensorFlow's optional features.
"""

import sys

CALLS = 0
LOG = []


# --- if / elif / else ---------------------------------------------------------------

def sign(x):
    if x > 0:
        s = 'positive'
    elif x < 0:
        s = 'negative'
    else:
        s = 'zero'
    return s


def grade(score):
    if score >= 90:
        return 'A'
    elif score >= 80:
        return 'B'
    elif score >= 70:
        return 'C'
    return 'F'


def square_if_positive(x):
    if x > 0:
        x = x * x
    else:
        x = 0
    return x


def defined_on_one_branch(flag):
    # With a false flag, `y` is unbound at the return: UnboundLocalError.
    if flag:
        y = 'set'
    return y


def early_returns(d, key):
    if not d:
        return 'empty'
    if key not in d:
        return 'missing'
    value = d[key]
    if value is None:
        return 'none'
    return value * 2


def implicit_none(x):
    if x:
        print('truthy', x)


# --- while ----------------------------------------------------------------------------

def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def while_break_continue(n):
    i = 0
    acc = []
    while i < n:
        i += 1
        if i % 3 == 0:
            continue
        if i > 10:
            break
        acc.append(i)
    return acc


def isqrt_ceil(n):
    i = 0
    while True:
        if i * i >= n:
            return i
        i += 1


def while_and_condition(xs, limit):
    i = 0
    total = 0
    while i < len(xs) and total + xs[i] <= limit:
        total += xs[i]
        i += 1
    return i, total


def noisy_while_break(n, stop):
    # The printed trace shows the test is not evaluated again after `break`.
    i = 0
    while noisy(i) < n:
        if i == stop:
            break
        i += 1
    return i


# --- for ------------------------------------------------------------------------------

def first_multiple(xs, k):
    for x in xs:
        if x % k == 0:
            return x
    return None


def sum_until_negative(xs):
    total = 0
    for x in xs:
        if x == 0:
            continue
        if x < 0:
            break
        total += x
    return total


def last_positive(xs):
    # `found` is bound only if some item is positive.
    for x in xs:
        if x > 0:
            found = x
    return found


def heads_and_tails(rows):
    heads, tails = [], []
    for first, *rest in rows:
        heads.append(first)
        tails.extend(rest)
    return heads, tails


def in_range(xs, lo, hi):
    return [x for x in xs if lo <= x < hi], [lo < x for x in xs]


def late_binding(n):
    # Python: every lambda reads the one variable `i` after the loop: [n-1] * n.
    # TensorFlow's loop body is a function with its own `i` (`i` is not live after
    # the loop), so each lambda closes over a different cell (see TF_MEANING).
    fns = []
    for i in range(n):
        fns.append(lambda: i)
    return [f() for f in fns]


def window_sums(xs, *, size=2):
    sums = []
    for start in range(len(xs) - size + 1):
        sums.append(sum(xs[start:start + size]))
    return sums


def last_index(n):
    # The loop variable survives the loop; with n == 0 it was never bound.
    for i in range(n):
        pass
    return i


def squares(n):
    out = []
    for i in range(n):
        out.append(i * i)
    return out


def string_build(words):
    s = ''
    for w in words:
        s += w[0] if w else '_'
    return s


def count_buckets(n):
    counts = [0] * 3
    for i in range(n):
        counts[i % 3] += 1
    return counts


def loop_over_iterator(xs):
    # Break after an item: the rest of the iterator stays unconsumed.
    it = iter(xs)
    taken = []
    for x in it:
        taken.append(x)
        if x < 0:
            break
    return taken, list(it)


# --- nested loops ---------------------------------------------------------------------

def even_pairs(n):
    pairs = []
    for i in range(n):
        for j in range(i):
            if (i + j) % 2:
                continue
            pairs.append((j, i))
    return pairs


def find_pair(xs, target):
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            if xs[i] + xs[j] == target:
                return i, j
    return -1, -1


def row_prefix_sums(matrix):
    out = []
    for row in matrix:
        s = 0
        for v in row:
            if v < 0:
                break
            s += v
        out.append(s)
    return out


def while_in_for(ns):
    out = []
    for n in ns:
        bits = 0
        while n > 0:
            n //= 2
            bits += 1
        out.append(bits)
    return out


# --- and / or / not, conditional expressions ------------------------------------------

def logic_values(a, b, c):
    return a and b, a or c, not b, (a or b) and not c


def logic_in_if(x, xs):
    if x > 0 and x in xs or not xs:
        return 'hit'
    return 'miss'


def noisy(v):
    print('eval', v)
    return v


def short_circuit_order(a, b):
    first = noisy(a) and noisy(b)
    second = noisy(a) or noisy(b)
    return first, second


def parity(x):
    return 'even' if x % 2 == 0 else 'odd'


def ternary_chain(x):
    return 'neg' if x < 0 else ('zero' if x == 0 else noisy('pos'))


# --- asserts --------------------------------------------------------------------------

def positive(x):
    assert x > 0, 'x must be positive, got %r' % (x,)
    return x


def nonempty(xs):
    assert xs
    return len(xs)


# --- calls of helpers, recursion ------------------------------------------------------

def scale(x, factor=2):
    return x * factor


def calls_helpers(xs):
    total = 0
    for x in xs:
        total += scale(x, factor=3)
    return max(total, scale(1)), abs(-total), scale(*xs[:1], **{'factor': 5}) if xs else None


def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


# --- global / nonlocal ----------------------------------------------------------------

def count_calls(n):
    global CALLS
    for _ in range(n):
        CALLS += 1
    return CALLS


def log_words(words):
    for w in words:
        if w:
            LOG.append(w)
    return len(LOG)


def make_accumulator():
    total = 0

    def add_all(xs):
        nonlocal total
        for x in xs:
            total += x
        return total
    return add_all


accumulate = make_accumulator()


def fresh_accumulators(batches):
    # Runs TensorFlow's make_accumulator, whose nested add_all it converted inline.
    first, second = make_accumulator(), make_accumulator()
    return [first(b) for b in batches], second(batches[0] if batches else [])


# --- attribute and tuple targets ------------------------------------------------------

class Tally:
    def __init__(self):
        self.count = 0
        self.items = []


def tally_words(words):
    t = Tally()
    for w in words:
        if w:
            t.count += 1
            t.items.append(w.upper())
    return t.count, t.items


def attribute_in_while(n):
    t = Tally()
    while t.count < n:
        t.count += 2
    return t.count


def tuple_targets(pairs):
    keys, total = [], 0
    for k, v in pairs:
        keys.append(k)
        total += v
    return keys, total


def enumerate_zip(a, b):
    out = []
    for i, (x, y) in enumerate(zip(a, b)):
        out.append(i * x + y)
    return out


def fibonacci_swap(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


class Counter:
    def __init__(self):
        self.total = 0
        self.seen = []

    def add_many(self, xs):
        for x in xs:
            if x:
                self.total += x
                self.seen.append(x)
        return self.total

    @classmethod
    def from_batches(cls, batches):
        c = cls()
        for batch in batches:
            if not batch:
                continue
            c.add_many(batch)
        return c

    @staticmethod
    def labels(n):
        return ['#%d' % i for i in range(n)]


def use_counter(batches):
    # Calls a method converted by TensorFlow through converted_call (a bound method).
    c = Counter()
    for batch in batches:
        c.add_many(batch)
    return c.total, c.seen


def counter_helpers(batches):
    # A classmethod and a staticmethod, both converted by TensorFlow.
    c = Counter.from_batches(batches)
    return c.total, Counter.labels(len(c.seen))


def sum_with_offset(n):
    # A nested helper (converted inline by TensorFlow) that closes over a parameter.
    def shifted(k):
        return k + n
    total = 0
    for i in range(n):
        total += shifted(i)
    return total


# --- comprehensions, lambdas ----------------------------------------------------------

def comprehensions(n):
    odd_squares = [i * i for i in range(n) if i % 2]
    table = {i: str(i) for i in range(3)}
    residues = {i % 3 for i in range(n)}
    total = sum(i for i in range(n))
    return odd_squares, table, sorted(residues), total


def sort_descending(xs):
    key = lambda x: (-abs(x), len(str(x)))  # noqa: E731
    return sorted(xs, key=key)


# --- del, with, star arguments ------------------------------------------------------

def delete_then_read(x, read):
    y = x
    del y
    if read:
        return y
    return x


def suppressed_lookup(d, key):
    import contextlib
    with contextlib.suppress(KeyError):
        return d[key]
    return 'suppressed'


def star_arguments(*args, **kwargs):
    return max(*args, **kwargs), sorted(args, reverse=True), scale(*args[:1], **kwargs)


# --- exceptions inside loops ----------------------------------------------------------

def safe_divide_all(xs, d):
    out = []
    for x in xs:
        try:
            out.append(x // d)
        except ZeroDivisionError:
            out.append(None)
    return out


def parse_total(items):
    total = 0
    for s in items:
        total += int(s)
    return total


def raise_in_loop(n):
    for i in range(n):
        if i == 3:
            raise ValueError('three is too many: %d' % i)
    return n


def convert_all(items):
    out = []
    for item in items:
        try:
            value = int(item)
        except ValueError as e:
            raise TypeError('bad item %r' % (item,)) from e
        else:
            out.append(value)
    return out


def retry_until_ok(attempts):
    tries = 0
    while tries < len(attempts):
        try:
            if attempts[tries] == 'fail':
                raise RuntimeError('attempt %d failed' % tries)
            return 'ok after %d' % tries
        except RuntimeError as e:
            print('caught:', e)
        tries += 1
    return 'gave up'


def finally_in_loop(xs):
    for x in xs:
        try:
            if x < 0:
                return 'negative %d' % x
        finally:
            print('checked', x)
    return 'all non-negative'


# --- print ----------------------------------------------------------------------------

def print_table(n):
    for i in range(n):
        print('row', i, i * i, sep=':')
    print('done', end='!\n')


def report(items):
    for name, count in items:
        if count < 0:
            print(f'warning: {name!r} has count {count}', file=sys.stderr)
            continue
        print(f'{name:>6}|{count:03d}')
    return len(items)


# --- __bool__ calls -------------------------------------------------------------------

class Loud:
    """A value whose truth test is logged, to count `__bool__` calls."""

    def __init__(self, name, truth, log):
        self.name = name
        self.truth = truth
        self.log = log

    def __bool__(self):
        self.log.append(self.name)
        return self.truth


def bool_calls(a, b):
    # Python tests each operand once. TensorFlow's code for `if a and b:` is
    # `if_stmt(and_(...))`: `and_` tests `a`, and when `a` is false it returns `a`,
    # which `if_stmt` then tests a second time (see test_tf_compat.TF_MEANING).
    log = []
    x, y = Loud('a', a, log), Loud('b', b, log)
    if x and y:
        log.append('then')
    return log


# --- loop else: TensorFlow refuses both (no fixture; see fixtures/MANIFEST.json) ------

def for_else_search(xs, wanted):
    for x in xs:
        if x == wanted:
            break
    else:
        return 'absent'
    return 'found'


def while_else_countdown(n):
    while n > 0:
        n -= 1
    else:
        n = 'done'
    return n


# --- calls that need the caller's frame ---------------------------------------------

class Base:
    def __init__(self, n):
        self.n = n


class Child(Base):
    def __init__(self, n):
        super().__init__(n * 2)


def make_child(n):
    return Child(n).n


def use_eval(x):
    y = x + 1
    return eval('x * y')


def module_name():
    return globals()['__name__']


def local_value(a, b):
    c = a + b
    return locals()['c']


SHARED_COUNTER = Counter()

CASES = [
    ('make_child', (3,), {}),
    ('use_eval', (3,), {}),
    ('module_name', (), {}),
    ('local_value', (2, 5), {}),
    ('sign', (3,), {}),
    ('sign', (-2,), {}),
    ('sign', (0,), {}),
    ('grade', (95,), {}),
    ('grade', (85,), {}),
    ('grade', (72,), {}),
    ('grade', (10,), {}),
    ('square_if_positive', (7,), {}),
    ('square_if_positive', (-7,), {}),
    ('defined_on_one_branch', (True,), {}),
    ('defined_on_one_branch', (False,), {}),
    ('early_returns', ({},), {'key': 'a'}),
    ('early_returns', ({'a': 1}, 'b'), {}),
    ('early_returns', ({'a': None}, 'a'), {}),
    ('early_returns', ({'a': 21}, 'a'), {}),
    ('early_returns', ({'a': 'x'}, 'a'), {}),
    ('implicit_none', (5,), {}),
    ('implicit_none', (0,), {}),
    ('collatz_steps', (27,), {}),
    ('collatz_steps', (1,), {}),
    ('while_break_continue', (20,), {}),
    ('while_break_continue', (4,), {}),
    ('isqrt_ceil', (50,), {}),
    ('isqrt_ceil', (0,), {}),
    ('while_and_condition', ([3, 4, 5, 6], 10), {}),
    ('while_and_condition', ([1, 1], 10), {}),
    ('noisy_while_break', (5, 2), {}),
    ('noisy_while_break', (2, 9), {}),
    ('first_multiple', ([3, 5, 10, 20], 5), {}),
    ('first_multiple', ([1, 2], 7), {}),
    ('first_multiple', ([1, 'a'], 7), {}),
    ('sum_until_negative', ([1, 0, 2, -1, 5],), {}),
    ('sum_until_negative', ([],), {}),
    ('last_positive', ([-1, 3, -2, 5, 0],), {}),
    ('last_positive', ([-1, 0],), {}),
    ('heads_and_tails', ([[1, 2, 3], [4], [5, 6]],), {}),
    ('heads_and_tails', ([[1], []],), {}),
    ('in_range', ([0, 1, 5, 9, 10, 11], 1, 10), {}),
    ('late_binding', (3,), {}),
    ('window_sums', ([1, 2, 3, 4],), {}),
    ('window_sums', ([1, 2, 3, 4],), {'size': 3}),
    ('last_index', (4,), {}),
    ('last_index', (0,), {}),
    ('squares', (6,), {}),
    ('string_build', (['ab', '', 'cd'],), {}),
    ('count_buckets', (10,), {}),
    ('loop_over_iterator', ([1, 2, -3, 4, 5],), {}),
    ('loop_over_iterator', ([1, 2],), {}),
    ('even_pairs', (5,), {}),
    ('find_pair', ([1, 4, 6, 9], 10), {}),
    ('find_pair', ([1, 2], 10), {}),
    ('row_prefix_sums', ([[1, 2, -1, 5], [], [3, 3]],), {}),
    ('while_in_for', ([0, 1, 5, 255],), {}),
    ('logic_values', (0, 'b', 'c'), {}),
    ('logic_values', ([1], '', None), {}),
    ('logic_in_if', (2, [1, 2]), {}),
    ('logic_in_if', (-1, []), {}),
    ('logic_in_if', (3, [1]), {}),
    ('short_circuit_order', (0, 2), {}),
    ('short_circuit_order', (1, 2), {}),
    ('parity', (4,), {}),
    ('parity', (7,), {}),
    ('ternary_chain', (-5,), {}),
    ('ternary_chain', (0,), {}),
    ('ternary_chain', (5,), {}),
    ('positive', (3,), {}),
    ('positive', (-3,), {}),
    ('nonempty', ([1, 2],), {}),
    ('nonempty', ([],), {}),
    ('calls_helpers', ([1, 2, 3],), {}),
    ('calls_helpers', ([],), {}),
    ('factorial', (10,), {}),
    ('fib', (12,), {}),
    ('count_calls', (3,), {}),
    ('count_calls', (2,), {}),
    ('log_words', (['a', '', 'b'],), {}),
    ('log_words', (['c'],), {}),
    ('accumulate', ([1, 2, 3],), {}),
    ('accumulate', ([10],), {}),
    ('fresh_accumulators', ([[1, 2], [3]],), {}),
    ('fresh_accumulators', ([],), {}),
    ('tally_words', (['x', '', 'yz'],), {}),
    ('attribute_in_while', (7,), {}),
    ('tuple_targets', ([('a', 1), ('b', 2)],), {}),
    ('tuple_targets', ([('a', 1, 2)],), {}),
    ('enumerate_zip', ([1, 2, 3], [10, 20, 30, 40]), {}),
    ('fibonacci_swap', (30,), {}),
    ('use_counter', ([[1, 0, 2], [], [3]],), {}),
    ('Counter.add_many', (SHARED_COUNTER, [5, 0, 6]), {}),
    ('Counter.add_many', (SHARED_COUNTER, [1]), {}),
    ('counter_helpers', ([[1, 2], [], [0, 3]],), {}),
    ('sum_with_offset', (4,), {}),
    ('comprehensions', (7,), {}),
    ('sort_descending', ([3, -10, 1, 2, -3],), {}),
    ('delete_then_read', (4, False), {}),
    ('delete_then_read', (4, True), {}),
    ('suppressed_lookup', ({'k': 'v'}, 'k'), {}),
    ('suppressed_lookup', ({}, 'k'), {}),
    ('star_arguments', (3, 9, 4), {}),
    ('star_arguments', (3, 9), {'factor': 10}),
    ('star_arguments', (), {}),
    ('safe_divide_all', ([7, 8], 2), {}),
    ('safe_divide_all', ([7, 8], 0), {}),
    ('parse_total', (['1', '2', '30'],), {}),
    ('parse_total', (['1', 'x'],), {}),
    ('raise_in_loop', (2,), {}),
    ('raise_in_loop', (9,), {}),
    ('convert_all', (['1', '2'],), {}),
    ('convert_all', (['1', 'two', '3'],), {}),
    ('retry_until_ok', (['fail', 'fail', 'go'],), {}),
    ('retry_until_ok', (['fail'],), {}),
    ('finally_in_loop', ([1, 2, 3],), {}),
    ('finally_in_loop', ([1, -2, 3],), {}),
    ('print_table', (3,), {}),
    ('report', ([('apples', 3), ('pears', -1), ('kiwis', 12)],), {}),
    ('bool_calls', (True, False), {}),
    ('bool_calls', (True, True), {}),
    ('bool_calls', (False, True), {}),
]
