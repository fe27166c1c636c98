"""Input signatures: checking arguments against traced types, and describing them to people."""
import inspect

import numpy as np

from ..errors import InvalidArgumentError
from ..ir import structure
from ..ir.compatibility import accepts
from ..ir.printing import pp_type
from ..tracing.builders import Followed
from ..tracing.tensor import Tensor
from ..user_objects.tensor_spec import TensorSpec
from . import keys

_MAX_REPR = 60


def type_text(aval):
    """`float32[3]`, `float32[?,3]` (unknown dim), `float32[*]` (unknown rank)."""
    return pp_type(aval, lambda dtype: dtype.name)


def spec_text(aval):
    """As TensorFlow prints a tensor type: `float32 Tensor, shape=(2,)`."""
    shape = '<unknown>' if aval.shape is None else repr(tuple(aval.shape))
    return f'{aval.dtype.name} Tensor, shape={shape}'


def short_repr(value):
    text = repr(value)
    return text if len(text) <= _MAX_REPR else text[:_MAX_REPR - 3] + '...'


def describe(value):
    """A short description of an argument, for messages: types of arrays, values of scalars."""
    return _nested_text(value, _describe_leaf)


def _describe_leaf(value):
    aval = keys.tensor_type(value)
    if aval is not None:
        return type_text(aval)
    kind = value.__class__
    if kind in keys.SCALARS:
        return short_repr(value)
    if kind is Described:
        return value.text
    return f'<{kind.__name__} object at {id(value):#x}>'


def _nested_text(value, leaf_text):
    """`leaf_text(value)`, or for a list, tuple or dict its items' texts in Python's brackets."""
    kind = value.__class__
    if kind is list or kind is tuple:
        inner = ', '.join(_nested_text(v, leaf_text) for v in value)
        return f'[{inner}]' if kind is list else f"({inner}{',' if len(value) == 1 else ''})"
    if kind is dict:
        return '{' + ', '.join(f'{k!r}: {_nested_text(v, leaf_text)}'
                               for k, v in value.items()) + '}'
    return leaf_text(value)


class Described:
    """An object in a signature (an argument, a dict key), not kept alive: its text and key."""
    __slots__ = ('text', 'key')

    def __init__(self, value, key):
        self.text, self.key = describe(value), key

    def __repr__(self):
        return self.text


def signature_value(value):
    """An argument as a signature shows it: TensorSpecs for tensors, objects described."""
    def leaf(v):
        aval = keys.tensor_type(v)
        if aval is not None:
            return TensorSpec(aval.shape, aval.dtype, getattr(v, 'name', None)
                              if isinstance(v, TensorSpec) else None)
        return v if v.__class__ in keys.SCALARS else Described(v, keys.signature_key(v))

    def dict_key(k):
        objects = []
        key = keys.hashable_key(k, objects)
        return Described(k, key) if objects else k
    return structure.map_leaves(leaf, value, dict_key)


def _dict_key(key):
    """The `hashable_key` of a dict key of an argument or of a signature (Described)."""
    return key.key if key.__class__ is Described else keys.hashable_key(key, [])


def _has_spec(value):
    return any(isinstance(v, TensorSpec) for v in structure_leaves(value))


def _spec_structure_text(value):
    return _nested_text(value, lambda v: spec_text(v.aval) if isinstance(v, TensorSpec) else repr(v))


def pretty_signature(name, parameters, values, outputs, skip=0):
    """TensorFlow's format: `f(x, n=1)` / `  Args:` / `    x: float32 Tensor, shape=()` / ..."""
    header, args = [], []
    for param, value in list(zip(parameters, values))[skip:]:
        star = {param.VAR_POSITIONAL: '*', param.VAR_KEYWORD: '**'}.get(param.kind, '')
        if star and not value:
            continue
        if _has_spec(value):
            header.append(star + param.name)
            args.append(f'    {param.name}: {_spec_structure_text(value)}')
        else:
            header.append(f'{star}{param.name}={value!r}')
    lines = [f"{name}({', '.join(header)})"]
    if args:
        lines += ['  Args:', *args]
    return '\n'.join(lines + ['  Returns:', f'    {_spec_structure_text(outputs)}'])


def coerce(value, expected, where):
    """`value` as a graph input of type `expected`, or InvalidArgumentError naming `where`.

    Arrays, numpy scalars and tensors must have the expected dtype; Python values
    (scalars, lists) are converted to it when numpy's 'same_kind' casting allows.
    """
    if isinstance(value, (np.ndarray, np.generic, Tensor, TensorSpec, Followed)):
        array = value
    else:
        try:
            array = np.asarray(value)
            if (array.dtype != object and not accepts(expected, keys.tensor_type(array))
                    and np.can_cast(array.dtype, expected.dtype, 'same_kind')):
                array = np.asarray(value, dtype=expected.dtype)
        except (OverflowError, ValueError) as e:  # out of the dtype's range; ragged lists
            raise InvalidArgumentError(f'{_expected_text(where, expected)} but got '
                                       f'{type(value).__name__} {short_repr(value)}: {e}') from None
    actual = keys.tensor_type(array)
    if not accepts(expected, actual):
        raise InvalidArgumentError(f'{_expected_text(where, expected)} but got '
                                   f'{type_text(actual)} ({type(value).__name__} '
                                   f'{short_repr(value)})')
    return array


def _expected_text(where, expected):
    shape = None if expected.shape is None else tuple(expected.shape)
    return (f'{where} expected TensorSpec(shape={shape}, dtype={expected.dtype.name}) '
            f'({type_text(expected)})')


def in_class_body(python_function):
    """True for a function defined in a class body (`C.f`): it may become a method."""
    scope = getattr(python_function, '__qualname__', '').rpartition('.')[0]
    return bool(scope) and not scope.endswith('<locals>')


class InputSignature:
    """An `input_signature`: TensorSpecs (possibly nested) for the first parameters; one trace.

    The parameters it covers are those after the `bound` first ones: a method's
    specs start after `self`, as in TensorFlow.
    """

    def __init__(self, name, signature, specs, bound=0):
        self.name, self.specs, self.bound = name, tuple(specs), bound
        parameters = list(signature.parameters.values())[bound:]
        if len(self.specs) > len(parameters):
            raise TypeError(f'{name}: input_signature has {len(self.specs)} specs for '
                            f'{len(parameters)} parameters')
        for spec in structure_leaves(self.specs):
            if not isinstance(spec, TensorSpec):
                raise TypeError(f'{name}: input_signature must hold rt.TensorSpecs, not {spec!r}')
        self.parameters = parameters
        defaults = [p.default for p in parameters[len(self.specs):]]
        if any(d is inspect.Parameter.empty for d in defaults):
            raise TypeError(f'{name}: input_signature must cover every parameter without default')
        self._values = self.specs + tuple(defaults)

    def arguments(self, prefix):
        """The arguments it traces, after `prefix` (the values of the bound parameters)."""
        return keys.Arguments(prefix + self._values, len(prefix))

    def feed(self, arguments):
        """The graph inputs of a call, checked against the specs."""
        n, values = len(self.specs), arguments.values[self.bound:]
        for param, value in zip(self.parameters[n:], values[n:]):
            if value is not param.default:
                raise TypeError(f'{self.name}: argument {param.name!r} is not in the '
                                'input_signature, so it cannot be passed')
        inputs = []
        for param, spec, value in zip(self.parameters, self.specs, values):
            match(spec, value, param.name, self.name, inputs)
        return inputs


def match(expected, value, name, where, inputs):
    """Check `value` against a traced argument `expected`; append its graph inputs to `inputs`.

    `expected` holds TensorSpecs where the trace has tensors (any value that
    converts fits), and Python values (and Described objects) that must be the same.
    """
    if isinstance(expected, TensorSpec):
        inputs.append(coerce(value, expected.aval, f'{where}: argument {name!r}'))
        return
    kind = expected.__class__
    if kind is dict:
        actual = {_dict_key(k): k for k in value} if value.__class__ is dict else {}
        same = (len(actual) == len(value) == len(expected)
                and all(_dict_key(k) in actual for k in expected))
        pairs = [(expected[k], value[actual[_dict_key(k)]], f'{name}_{k}')
                 for k in expected] if same else ()
    elif kind in (list, tuple) or (isinstance(expected, tuple) and hasattr(kind, '_fields')):
        same = value.__class__ is kind and len(value) == len(expected)
        if same and (kind is list or kind is tuple):  # scalars: all at once (keys.run_key)
            run = keys.run_key(expected)
            if run is not None and keys.run_key(value) == run:
                return
        pairs = [(e, v, f'{name}_{i}') for i, (e, v) in enumerate(zip(expected, value))]
    elif kind is Described:
        same, pairs = keys.signature_key(value) == expected.key, ()
    else:
        same, pairs = keys.signature_key(value) == keys.leaf_key(expected), ()
    if not same:
        raise InvalidArgumentError(f'{where}: argument {name!r} was traced as '
                                   f'{describe(expected)}, not {describe(value)}')
    for e, v, n in pairs:
        match(e, v, n, where, inputs)


def structure_leaves(tree):
    leaves = []
    structure.flatten(tree, leaves)
    return leaves

