"""try/except/else/finally inside loops: continue and break through finally, retries, per-item errors."""


def per_item(values):
    results = []
    for v in values:
        try:
            r = 100 / v
        except ZeroDivisionError:
            results.append('div0')
            continue
        except TypeError as e:
            results.append(type(e).__name__)
            break
        else:
            results.append(round(r, 2))
        finally:
            results.append('.')
    return results


def retry_loop(failures):
    attempts = 0
    log = []
    while True:
        attempts += 1
        try:
            if attempts <= failures:
                raise ConnectionError(f'fail {attempts}')
        except ConnectionError as e:
            log.append(str(e))
            if attempts >= 3:
                log.append('giving up')
                break
            continue
        finally:
            log.append(f'cleanup {attempts}')
        log.append('connected')
        break
    return attempts, log


def finally_in_nested_loops(n):
    trail = []
    for i in range(n):
        for j in range(n):
            try:
                if j > i:
                    break
                if (i + j) % 2:
                    continue
                trail.append((i, j))
            finally:
                trail.append('f')
    return trail


def exception_escapes_loop(values):
    seen = []
    try:
        for v in values:
            seen.append(int(v))
    except ValueError:
        seen.append('stopped')
    finally:
        seen.append('done')
    return seen


def return_from_except_in_loop(values):
    for i, v in enumerate(values):
        try:
            v.strip()
        except AttributeError:
            return f'item {i} is not a string'
    return 'all strings'


def raise_in_else(values):
    out = []
    for v in values:
        try:
            n = int(v)
        except ValueError:
            out.append('bad')
        else:
            if n < 0:
                raise ValueError(f'negative: {n}')
            out.append(n)
    return out


CASES = [
    ('per_item', ([4, 0, 8, 'x', 1],), {}),
    ('per_item', ([],), {}),
    ('retry_loop', (1,), {}),
    ('retry_loop', (5,), {}),
    ('finally_in_nested_loops', (3,), {}),
    ('exception_escapes_loop', (['1', '2', 'x', '4'],), {}),
    ('exception_escapes_loop', (['1'],), {}),
    ('exception_escapes_loop', ([None],), {}),
    ('return_from_except_in_loop', (['a', 'b', 3],), {}),
    ('return_from_except_in_loop', (['a'],), {}),
    ('raise_in_else', (['1', 'x', '2'],), {}),
    ('raise_in_else', (['1', '-2', 'x'],), {}),
]
