"""Timing helpers: the best of several repeats, as timeit recommends for comparisons."""
import timeit


def best(fn, number=None, repeat=7):
    """Seconds per call of `fn()`: the minimum over `repeat` runs of `number` calls."""
    if number is None:
        number, _ = timeit.Timer(fn).autorange()
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def best_interleaved(runs, repeat=9):
    """Seconds per call of each `(fn, context)` of `runs`, measured in turns.

    Round after round each `fn()` runs its batch inside `with context():`, so
    a load that comes and goes on a shared machine weighs on all of them
    alike; the minimum counts.
    """
    numbers = []
    for fn, context in runs:
        with context():
            numbers.append(timeit.Timer(fn).autorange()[0])
    times = [[] for _ in runs]
    for _ in range(repeat):
        for (fn, context), number, samples in zip(runs, numbers, times):
            with context():
                samples.append(timeit.timeit(fn, number=number) / number)
    return [min(samples) for samples in times]


def fmt(seconds):
    if seconds >= 1e-3:
        return f'{seconds * 1e3:.2f} ms'
    return f'{seconds * 1e6:.2f} us'


def row(name, base, other, target, base_label='original', other_label='converted'):
    ratio = other / base
    return (f'{name:<48} {base_label} {fmt(base):>10}   {other_label} {fmt(other):>10}'
            f'   ratio {ratio:5.2f}x   (target {target})')
