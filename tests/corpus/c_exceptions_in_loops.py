"""Exceptions raised inside loops and caught outside, re-raise, `except ... as e` and the deleted name."""


class ParseError(Exception):
    def __init__(self, line_no, text):
        super().__init__(f'line {line_no}: cannot parse {text!r}')
        self.line_no = line_no


def parse_all(lines):
    values = []
    try:
        for no, line in enumerate(lines, 1):
            if not line:
                continue
            try:
                values.append(int(line))
            except ValueError:
                raise ParseError(no, line)
    except ParseError as e:
        return values, e.line_no, str(e)
    return values, None, None


def first_failure(funcs):
    for i, f in enumerate(funcs):
        try:
            f()
        except (ZeroDivisionError, KeyError) as e:
            kind = type(e).__name__
            break
    else:
        return 'all ok'
    return f'failed at {i}: {kind}'


def reraise(x):
    try:
        return 100 // x
    except ZeroDivisionError:
        print('logging the error, then re-raising')
        raise


def name_deleted_after_except():
    try:
        {}['missing']
    except KeyError as err:
        message = repr(err)
    # `err` is deleted at the end of the except clause.
    return message, err  # noqa: F821


def name_deleted_even_if_bound_before():
    err = 'bound before'
    try:
        raise ValueError('x')
    except ValueError as err:  # noqa: F841
        pass
    return err


def keep_exception(values):
    saved = None
    for v in values:
        try:
            v.upper()
        except AttributeError as e:
            saved = e
    return type(saved).__name__, str(saved)


def while_with_retry(attempts):
    count = 0
    errors = []
    while True:
        try:
            count += 1
            if count < attempts:
                raise TimeoutError(f'attempt {count}')
            return count, errors
        except TimeoutError as e:
            errors.append(str(e))
            if len(errors) > 5:
                raise RuntimeError('too many') from e


def uncaught_in_loop(items):
    total = 0
    for item in items:
        total += item
    return total


CASES = [
    ('parse_all', (['1', '', '2', 'x3', '4'],), {}),
    ('parse_all', (['1', '2'],), {}),
    ('first_failure', ([int, lambda: 1 / 0, dict],), {}),
    ('first_failure', ([int, lambda: {}['k']],), {}),
    ('first_failure', ([int, str],), {}),
    ('reraise', (5,), {}),
    ('reraise', (0,), {}),
    ('name_deleted_after_except', (), {}),
    ('name_deleted_even_if_bound_before', (), {}),
    ('keep_exception', (['a', 1, 'b'],), {}),
    ('keep_exception', (['a'],), {}),
    ('while_with_retry', (3,), {}),
    ('while_with_retry', (9,), {}),
    ('uncaught_in_loop', ([1, 2, 'three'],), {}),
]
