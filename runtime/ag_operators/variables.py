"""Loads of local variables: `ld`, `ldu` (TensorFlow's) and `load`, and the `Undefined` marker."""


def _unbound_local_template():
    """The running interpreter's own UnboundLocalError message, with '{}' for the name."""
    def probe():
        try:
            probe_name_  # noqa: F821, B018 - local because it is assigned below
        except UnboundLocalError as e:
            return str(e).replace('probe_name_', '{}')
        probe_name_ = None  # noqa: F841
    return probe()


UNBOUND_LOCAL_MESSAGE = _unbound_local_template()


class Undefined:
    """Stands for a variable that has no value on some path into a graph op.

    It exists only while tracing: the graph runtime puts it where a branch or a
    loop left a variable unset, and reports it (with the variable's name and
    original line) when it is used.
    """

    __slots__ = ('symbol_name', 'location')

    def __init__(self, symbol_name, location=None):
        self.symbol_name = symbol_name
        self.location = location

    def __repr__(self):
        return f'<undefined {self.symbol_name}>'

    def __bool__(self):
        raise_undefined(self)

    def __iter__(self):
        raise_undefined(self)


class UndefinedReturnValue:
    """The return value of a function that has not returned yet."""

    __slots__ = ()


def raise_undefined(value):
    where = f' ({value.location})' if value.location else ''
    raise UnboundLocalError(
        UNBOUND_LOCAL_MESSAGE.format(value.symbol_name) + where)


def ld(v):
    """Load a variable's value (TensorFlow's `ag__.ld`): Undefined markers are reported."""
    if v.__class__ is Undefined:
        raise_undefined(v)
    return v


def ldu(load_v, name):
    """Load a variable that may be unbound (TensorFlow's `ag__.ldu`): unbound gives Undefined."""
    try:
        return load_v()
    except (NameError, AttributeError):
        return Undefined(name)


def load(load_v, name):
    """Load a local of the converted function from inside a generated closure.

    In a closure the local is a free variable, and Python words an unbound free
    variable differently from an unbound local; this restores the local's
    exception and message, exactly as the original function raises it.
    """
    try:
        v = load_v()
    except NameError:
        pass
    else:
        if v.__class__ is Undefined:
            raise_undefined(v)
        return v
    raise UnboundLocalError(UNBOUND_LOCAL_MESSAGE.format(name))
