"""`np.errstate`, `np.seterr` and `np.seterrcall` called by converted code while it is traced.

numpy runs them at trace time too (numpy code on concrete values then behaves
as eagerly, and `np.geterr()` answers as eagerly); they also set the modes the
ops staged after them run under (`errstate_regions`):

- `with np.errstate(...)`: the ops of the block, wherever it leaves (the
  modes are per op, so an exception leaving the block at run time leaves the
  caller's state as it was);
- `np.seterr(...)` / `np.seterrcall(f)` in an errstate block: the rest of the
  block (the block's end restores the state, as numpy's does);
- at the top of the function: a `seterr` op changes the caller's state where it
  stands, as eager numpy does, and the ops after it run under the new modes.

Inside a tensor `if` or loop body (outside an errstate block of its own) the
state after the statement would depend on the path taken at run time: refused.
"""
import numpy as np

from ..errors import StagingError
from ..graph_ops.floating_errors import KINDS
from . import builders
from .errstate_regions import merged
from .numpy_handlers import intercepts


def _pairs(settings):
    return tuple(sorted(settings.items(), key=lambda pair: pair[0]))


def _explicit(all=None, **kinds):
    """The categories a call names, as numpy applies them: `all`, then each one given."""
    settings = {} if all is None else dict.fromkeys(KINDS, all)
    settings.update((name, mode) for name, mode in kinds.items() if mode is not None)
    return settings


class StagedErrstate:
    """What `np.errstate(...)` gives in a trace: numpy's errstate, staged for the ops inside."""

    def __init__(self, kwargs):
        self._numpy = np.errstate(**kwargs)  # numpy's errors for bad arguments, now
        self._arguments = dict(kwargs)
        call = kwargs.pop('call', _ABSENT)
        settings = _explicit(**kwargs)
        if call is not _ABSENT:
            settings['call'] = call
        self.modes = _pairs(settings)
        self._entered = []

    def __enter__(self):
        self._numpy.__enter__()
        builder = builders.current_builder()
        if builder is not None:
            self._entered.append((builder, builder.errstate))
            builder.errstate = merged(builder.errstate, self.modes)
            builder.errstate_blocks += 1
        else:
            self._entered.append(None)

    def __exit__(self, *exc_info):
        entered = self._entered.pop()
        if entered is not None:
            builder, builder.errstate = entered
            builder.errstate_blocks -= 1
        return self._numpy.__exit__(*exc_info)

    def __call__(self, function):
        """`@np.errstate(...)` on a function defined in the traced code."""
        def with_errstate(*args, **kwargs):
            with StagedErrstate(dict(self._arguments)):
                return function(*args, **kwargs)
        return with_errstate


_ABSENT = object()


@intercepts(np.errstate)
def errstate(*args, **kwargs):
    if args:
        np.errstate(*args, **kwargs)  # numpy's TypeError: it takes keywords only
    return StagedErrstate(kwargs)


@intercepts(np.seterr)
def seterr(all=None, divide=None, over=None, under=None, invalid=None):
    old = np.seterr(all=all, divide=divide, over=over, under=under, invalid=invalid)
    _stage(_explicit(all, divide=divide, over=over, under=under, invalid=invalid), 'np.seterr')
    return old


@intercepts(np.seterrcall)
def seterrcall(func):
    old = np.seterrcall(func)
    _stage({'call': func}, 'np.seterrcall')
    return old


def after_call(graph):
    """After a call of another traced function's `graph` is staged: the `np.seterr` calls at the
    top of that function change this function's state from there on, as they do eagerly."""
    settings = {}
    for eq in graph.equations:
        if eq.primitive == 'seterr':
            settings.update(eq.params['modes'])
    if settings:
        call = settings.pop('call', _ABSENT)
        np.seterr(**settings)
        if call is not _ABSENT:
            np.seterrcall(call)
            settings['call'] = call
        _stage(settings, 'np.seterr (in the function called here)', effect=False)


def _stage(settings, what, effect=True):
    """The ops staged after a `np.seterr` run under `settings`; at the top of the function, a
    `seterr` op changes the caller's state at run time (unless `effect` is false: a call
    staged already does)."""
    builder = builders.current_builder()
    if builder is None or not settings:
        return
    if not builder.errstate_blocks and not builder.function_level:
        raise StagingError(
            f'{what} at {builders.source_location()} is called inside a tensor `if` or loop '
            'body: the floating-point error state after that statement would depend on the '
            'path taken when the graph runs. Use `with np.errstate(...):` around the code '
            'that needs it instead.')
    modes = _pairs(settings)
    if effect and not builder.errstate_blocks:
        builders.bind('seterr', modes=modes)
    builder.errstate = merged(builder.errstate, modes)
