"""async functions (left unconverted) next to ordinary functions that run them with asyncio."""
import asyncio


async def fetch(key, table):
    await asyncio.sleep(0)
    if key not in table:
        raise KeyError(key)
    return table[key]


async def fetch_all(keys, table):
    results = []
    for key in keys:
        try:
            results.append(await fetch(key, table))
        except KeyError as e:
            results.append(f'missing {e}')
    return results


async def ticker(n):
    for i in range(n):
        await asyncio.sleep(0)
        yield i


async def collect(n):
    return [i async for i in ticker(n) if i % 2 == 0]


def lookup_many(keys):
    table = {'a': 1, 'b': 2}
    values = asyncio.run(fetch_all(keys, table))
    summary = []
    for v in values:
        if isinstance(v, int):
            summary.append(v * 10)
        else:
            summary.append(v)
    return summary


def gather_evens(n):
    return asyncio.run(collect(n))


def run_failing():
    return asyncio.run(fetch('zzz', {}))


def drive_by_hand(value):
    # A coroutine without real awaits can be stepped with send().
    async def simple(x):
        return x * 2

    coro = simple(value)
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value, simple.__qualname__


CASES = [
    ('lookup_many', (['a', 'x', 'b'],), {}),
    ('gather_evens', (7,), {}),
    ('run_failing', (), {}),
    ('drive_by_hand', (21,), {}),
]
