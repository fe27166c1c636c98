"""Retracing policy: generalising shapes (`reduce_retracing`); a warning when tracing is frequent.

The warning says which argument changed and how (`x: now float32[3], before
float32[2]`): TensorFlow's never says why, JAX's does.
"""
import collections

from ..errors import RetracingWarning, warn_user
from ..ir import compatibility

TRACES, WINDOW = 5, 10  # warn when TRACES traces fall within WINDOW consecutive calls


def trace_types(arguments, traces, reduce_retracing):
    """The tensor types to trace `arguments` with: theirs, or joined with an earlier trace's.

    `traces` are earlier traces of calls that differ from this one only in the
    types of their tensors; with `reduce_retracing`, the latest of them with the
    same dtypes is generalised (differing dims unknown) so that one trace serves both.
    """
    avals = arguments.avals
    if reduce_retracing:
        for concrete in reversed(traces):
            joined = compatibility.generalise(concrete.avals, avals)
            if joined is not None:
                return joined
    return avals


class RetraceMonitor:
    """Counts a Function's traces against its calls; warns once when it traces too often."""

    def __init__(self):
        self._traces = collections.deque(maxlen=TRACES)
        self._warned = False

    def traced(self, name, call_number, concrete, previous):
        """Record a trace made at call number `call_number` (`previous`: the last trace before)."""
        self._traces.append(call_number)
        if (self._warned or previous is None or len(self._traces) < TRACES
                or call_number - self._traces[0] >= WINDOW):
            return
        self._warned = True
        span = call_number - self._traces[0] + 1
        warn_user(f'{name} traced a new graph in {TRACES} of its last {span} calls, and tracing '
                  f'is slow. The last trace was for {changes(concrete, previous)}. To trace '
                  'less, pass arrays of one shape and dtype (or use reduce_retracing=True, or an '
                  'input_signature), and pass numbers that change as numpy arrays rather than '
                  'Python scalars.', RetracingWarning)


def changes(concrete, previous):
    """`x: now float32[3], before float32[2]` for each argument whose description changed."""
    now, before = concrete.descriptions, previous.descriptions
    changed = [f'{name}: now {now[name]}, before {before.get(name)}'
               for name in now if now[name] != before.get(name)]
    return '; '.join(changed) or 'the same argument types as the trace before'


def arguments_text(concrete):
    """`x: float32[3], n: 2`: the arguments of a trace, as messages show them."""
    return ', '.join(f'{name}: {text}' for name, text in concrete.descriptions.items())
