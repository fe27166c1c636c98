"""Run corpus cases on a module and record what happened, so two modules can be compared.

The original module is the oracle: the converted module must give the same
outcome for every case, where an outcome is the returned value (or the raised
exception: its args, notes, attributes, cause/context chain and, when asked
for, its formatted traceback) plus everything printed. Values are compared
through `describe`, a repr that is stable across two imports of the same code
(object addresses masked, sets sorted).
"""
import contextlib
import importlib.util
import io
import os
import re
import signal
import sys
import threading
import traceback
from dataclasses import dataclass

CASE_TIME_LIMIT = 2.0  # seconds; every corpus case takes well under a millisecond
_ADDRESS = re.compile(r' at 0x[0-9a-fA-F]+')
_PLAIN_DATA = (type(None), bool, int, float, complex, str, bytes, tuple, list, dict, set,
               frozenset)


@dataclass(frozen=True)
class Outcome:
    """What one case did.

    `result` is ('ok', type name, description of the value),
    ('raise', exception type name, str(exception)) or ('timeout', message);
    `chain` describes the exception and its `__cause__`/`__context__` links
    (`exception_chain`); `stdout`/`stderr` are the captured output.
    """

    result: tuple
    chain: tuple
    stdout: str
    stderr: str


def load_module(path, module_name):
    """Import the file at `path` as a module named `module_name`, leaving no trace in sys.modules.

    The module is registered while its body runs (dataclasses, typing and
    pickle look their module up there), then the previous entry is restored.
    """
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    missing = object()
    previous = sys.modules.get(module_name, missing)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        if previous is missing:
            sys.modules.pop(module_name, None)
        else:
            sys.modules[module_name] = previous
    return module


def resolve(module, name):
    """`module.a.b.c` for the dotted `name` 'a.b.c'."""
    obj = module
    for part in name.split('.'):
        obj = getattr(obj, part)
    return obj


class CaseTimeout(BaseException):
    """A case ran too long (a converted loop that does not stop); not catchable as Exception."""


def run_case(module, name, args, kwargs, seconds=CASE_TIME_LIMIT, tracebacks=False):
    """Call `module.<name>(*args, **kwargs)` with output captured; never raises an Exception.

    With `tracebacks`, an exception's outcome includes the frames of its
    formatted traceback and its chain's (`frames`).
    """
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), time_limit(seconds):
        try:
            value = resolve(module, name)(*args, **kwargs)
        except CaseTimeout:
            result, chain = ('timeout', f'no result after {seconds}s'), ()
        except Exception as e:  # noqa: BLE001 - the exception is the outcome
            result = ('raise', type_name(e), str(e))
            chain = exception_chain(e, tracebacks)
        else:
            result = ('ok', type_name(value), describe(value))
            chain = ()
    return Outcome(result, chain, out.getvalue(), err.getvalue())


@contextlib.contextmanager
def time_limit(seconds):
    """Raise CaseTimeout in the body after `seconds` (main thread on Unix only)."""
    if not hasattr(signal, 'setitimer') or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise CaseTimeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def type_name(obj):
    cls = type(obj)
    return f'{cls.__module__}.{cls.__qualname__}'


def exception_chain(exc, tracebacks=False, depth=4):
    """`exc` and its explicit causes and implicit contexts, a few links deep: each described.

    A description holds what two runs of the same code agree on: type,
    message, args, notes, attributes, `__suppress_context__`, and with
    `tracebacks` the traceback's frames (`frames`).
    """
    links = [('raised', *exception_details(exc, tracebacks))]
    while exc is not None and len(links) <= depth:
        if exc.__cause__ is not None:
            exc, how = exc.__cause__, 'cause'
        elif exc.__context__ is not None and not exc.__suppress_context__:
            exc, how = exc.__context__, 'context'
        else:
            break
        links.append((how, *exception_details(exc, tracebacks)))
    return tuple(links)


def exception_details(exc, tracebacks):
    details = (type_name(exc), str(exc), describe(exc.args),
               describe(getattr(exc, '__notes__', None)), describe(vars(exc)),
               exc.__suppress_context__)
    return details + (frames(exc.__traceback__),) if tracebacks else details


def frames(tb):
    """(file name, line, function, source line) of each frame `traceback` formats for `tb`.

    File names are reduced to their last part: a converted module and its
    original are compared from two directories.
    """
    return tuple((os.path.basename(f.filename), f.lineno, f.name, f.line)
                 for f in traceback.extract_tb(tb))


def describe(value):
    """A repr that two imports of the same module agree on."""
    if isinstance(value, (set, frozenset)):
        items = sorted(describe(v) for v in value)
        return f'{type(value).__name__}({{{", ".join(items)}}})'
    if type(value) in (list, tuple):
        inner = ', '.join(describe(v) for v in value)
        return f'[{inner}]' if type(value) is list else f'({inner}{"," if len(value) == 1 else ""})'
    if type(value) is dict:
        return '{' + ', '.join(f'{describe(k)}: {describe(v)}' for k, v in value.items()) + '}'
    try:
        text = repr(value)
    except Exception as e:  # noqa: BLE001 - a broken repr is still an observable fact
        text = f'<repr raised {type_name(e)}: {e}>'
    return _ADDRESS.sub(' at 0x?', text)


def global_state(module, names):
    """The module's plain-data globals among `names`, described; other objects are ignored."""
    namespace = vars(module)
    return {name: describe(namespace[name]) for name in sorted(names)
            if name in namespace and type(namespace[name]) in _PLAIN_DATA}


def run_module(path, module_name, state_names=(), tracebacks=False):
    """Import `path` afresh and run its CASES in order.

    Returns the text printed while importing and, per case, the case, its
    Outcome and the plain-data globals named in `state_names` afterwards.
    A case that times out ends the run: the module's state is unknown after it.
    """
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        module = load_module(path, module_name)
    records = []
    for name, args, kwargs in module.CASES:
        label = f'{name}{describe(args)}{describe(kwargs)}'  # before the case mutates them
        outcome = run_case(module, name, args, kwargs, tracebacks=tracebacks)
        records.append((label, outcome, global_state(module, state_names)))
        if outcome.result[0] == 'timeout':
            break
    return out.getvalue(), records
