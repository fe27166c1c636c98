"""Directives read by the converter: `set_loop_options`, `set_element_type`, `do_not_convert`."""


def set_loop_options(parallel_iterations=None, swap_memory=None, maximum_iterations=None,
                     shape_invariants=None):
    """Options of the enclosing graph loop; the converter moves the call into the loop's opts."""


def set_element_type(entity, dtype, shape=None):
    """Element type of a list that becomes a graph list (accepted for TensorFlow's code)."""


def do_not_convert(func=None):
    """Decorator: leave this function exactly as written (the converter and rt.function skip it)."""
    if func is None:
        return do_not_convert
    try:
        func.__ag_do_not_convert__ = True
    except (AttributeError, TypeError):
        pass
    return func
