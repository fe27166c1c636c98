"""What both executors share: sub-graph params as callables, error locations."""
from ...converted_code.sourcemap import add_note_once
from ...ir.core import Graph


def with_callables(params, to_callable):
    """Params with every sub-graph replaced by `to_callable(graph)`, as op impls take them."""
    def convert(value):
        if isinstance(value, Graph):
            return to_callable(value)
        if isinstance(value, tuple) and any(isinstance(v, Graph) for v in value):
            return tuple(map(convert, value))
        return value
    return {k: convert(v) for k, v in params.items()}


def note_op_location(exc, equation):
    """Name the original source line of the graph op that raised `exc` (once per exception)."""
    if equation.source:  # noted first, so runtime.converted_code.sourcemap adds no second, vaguer note
        add_note_once(exc, f"(agconvert) raised by graph op '{equation.primitive}' created at "
                      f'{equation.source}')
