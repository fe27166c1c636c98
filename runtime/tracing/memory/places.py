"""Where a traced function's state lives in Python objects: places, and the walk that finds them.

A *place* is one slot that holds a value: a module global, a closure cell, an
attribute of an object (or of a module of the user's code) (its `__dict__` entry or a `__slots__` member), an item
of a list or a dict. A place is reached from a *root* (the traced function's
module globals, a closure cell it can reach, `self` or another object passed
to it) by a *path* of steps (`.attr`, `[key]`), which is how it is found again
at each call (`Path.get`) and how messages name it (`self.layers[0].W`).

`walk` visits every place reachable from the roots through the containers
that may hold a traced function's arrays: lists, dicts, and instances of
classes of user code and libraries (not modules, classes, functions, the
standard library's objects, nor other array libraries' objects, whose memory
we must not touch). It records each container's contents (a `Snapshot`), so
that what a trace changed can be told from the contents after it.
"""
import sys
import types
import weakref

import numpy as np

ABSENT = type('Absent', (), {'__repr__': lambda self: '<absent>'})()  # a place with no value

# Objects of these top-level packages are never walked into: their arrays are their own business
# (another array library's internals, ours), and walking them costs without finding user state.
FOREIGN = frozenset(('numpy', 'runtime', 'autograph_cli', 'pandas', 'scipy', 'xarray', 'dask',
                     'distributed', 'torch', 'tensorflow', 'jax', 'jaxlib', 'numba', 'onnx',
                     'onnxruntime', 'matplotlib', 'IPython', 'sympy', 'sklearn', 'pytest',
                     '_pytest', 'hypothesis', 'libcst', 'click'))
MAX_CONTAINERS = 20000  # containers a walk visits at most (a trace's cost stays bounded)

ATTR, ITEM, CELL = 'attr', 'item', 'cell'


class Root:
    """Where paths start: a module's globals, a closure cell, or an object (held weakly)."""
    __slots__ = ('name', 'kind', '_get')

    def __init__(self, value, name, kind):
        self.name, self.kind = name, kind  # kind: 'globals', 'cell' or 'object'
        try:
            ref = weakref.ref(value)
        except TypeError:  # a dict, a cell, or an object without weak references
            ref = (lambda: value)
        self._get = ref

    def get(self):
        value = self._get()
        return ABSENT if value is None else value


class Path:
    """A place: steps from a root. `get()` reads it now (ABSENT if it is not there)."""
    __slots__ = ('root', 'steps')

    def __init__(self, root, steps):
        self.root, self.steps = root, steps

    def child(self, kind, key):
        return Path(self.root, self.steps + ((kind, key),))

    def owner(self):
        """The container holding this place now, or ABSENT."""
        value = self.root.get()
        for kind, key in self.steps[:-1]:
            if value is ABSENT:
                break
            value = read(value, kind, key)
        return value

    def get(self):
        value = self.root.get()
        for kind, key in self.steps:
            if value is ABSENT:
                break
            value = read(value, kind, key)
        return value

    def set(self, value):
        owner = self.owner()
        if owner is not ABSENT:
            write(owner, *self.steps[-1], value)

    def delete(self):
        owner = self.owner()
        if owner is not ABSENT:
            remove(owner, *self.steps[-1])

    @property
    def text(self):
        """How code names it: `self.layers[0].W`, `G`, `opt.cache['m']`."""
        text = self.root.name
        for k, (kind, key) in enumerate(self.steps):
            if kind == ATTR:
                text += f'.{key}'
            elif kind == ITEM and k == 0 and self.root.kind == 'globals':
                text = key
            elif kind == ITEM:
                text += f'[{key!r}]'
        return text

    @property
    def description(self):
        """`the global 'G'`, `the closure variable 'buf'`, `self.w`."""
        if self.root.kind == 'globals' and len(self.steps) == 1:
            return f'the global {self.steps[0][1]!r}'
        if self.root.kind == 'cell' and len(self.steps) == 1:
            return f'the closure variable {self.root.name!r}'
        return self.text

    def __repr__(self):
        return f'<Path {self.text}>'


def read(owner, kind, key):
    """The value at (kind, key) of `owner`, or ABSENT; never runs user code (no properties,
    no `__getattr__`, no `__missing__`)."""
    if kind is ATTR:  # the commonest: an attribute in the instance's dict
        try:
            attrs = object.__getattribute__(owner, '__dict__')
            if attrs.__class__ is dict:
                return attrs[key]
        except (AttributeError, TypeError, KeyError):
            pass
    elif kind == ITEM:
        if owner.__class__ is list or isinstance(owner, list):
            return list.__getitem__(owner, key) if -len(owner) <= key < len(owner) else ABSENT
        if isinstance(owner, dict):
            return dict.get(owner, key, ABSENT)
        return ABSENT
    if kind == CELL:
        try:
            return owner.cell_contents
        except ValueError:
            return ABSENT
    attrs = _instance_dict(owner)
    if attrs is not None and key in attrs:
        return attrs[key]
    slot = _slot(type(owner), key)
    if slot is not None:
        try:
            return slot.__get__(owner, type(owner))
        except AttributeError:
            return ABSENT
    return ABSENT


def write(owner, kind, key, value):
    if kind == ITEM:
        if not isinstance(owner, list):
            dict.__setitem__(owner, key, value)
        elif -len(owner) <= key < len(owner):  # (a list the trace shortened is restored whole)
            list.__setitem__(owner, key, value)
    elif kind == CELL:
        owner.cell_contents = value
    else:
        slot = _slot(type(owner), key)
        attrs = _instance_dict(owner)
        if slot is not None and (attrs is None or key not in attrs):
            slot.__set__(owner, value)
        else:
            attrs[key] = value


def remove(owner, kind, key):
    if kind == ITEM and isinstance(owner, dict):
        dict.pop(owner, key, None)
    elif kind == CELL:
        try:
            del owner.cell_contents
        except ValueError:
            pass
    elif kind == ATTR:
        attrs = _instance_dict(owner)
        if attrs is not None and key in attrs:
            del attrs[key]
        else:
            slot = _slot(type(owner), key)
            if slot is not None:
                try:
                    slot.__delete__(owner)
                except AttributeError:
                    pass


def _instance_dict(obj):
    try:
        attrs = object.__getattribute__(obj, '__dict__')
    except (AttributeError, TypeError):
        return None
    return attrs if attrs.__class__ is dict else None


def _slot(cls, name):
    for klass in cls.__mro__:
        member = klass.__dict__.get(name)
        if member is not None:
            return member if isinstance(member, types.MemberDescriptorType) else None
    return None


def _slot_names(cls):
    names = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get('__slots__', ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ('__dict__', '__weakref__') and _slot(cls, name) is not None:
                names.append(name)
    return names


def is_array(value):
    """True for an array whose reads and updates a graph can follow: a plain ndarray of numbers."""
    return value.__class__ is np.ndarray and not value.dtype.hasobject


_NEVER = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
          types.MethodType, types.CodeType, types.FrameType, weakref.ref, np.generic, np.dtype,
          np.ufunc, property, staticmethod, classmethod)


def kind_of(value):
    """How a walk treats `value`: 'list', 'dict', 'attrs' (an object's attributes), or None
    ('cell' and 'namespace', a module's globals, are roots' kinds)."""
    cls = value.__class__
    if cls is list or cls is dict:
        return 'list' if cls is list else 'dict'
    if cls is types.ModuleType:
        return 'attrs' if _is_user_module(value) else None
    if isinstance(value, _NEVER) or value is None or cls in (int, float, str, bool, bytes,
                                                                tuple, complex, set, frozenset):
        return None
    if isinstance(value, list):
        return 'list'
    if isinstance(value, dict):
        return 'dict'
    module = getattr(cls, '__module__', None) or ''
    top = module.partition('.')[0]
    if top in FOREIGN or top in sys.stdlib_module_names or top == 'builtins':
        return None
    if hasattr(cls, '__array__') or hasattr(cls, '__array_function__'):
        return None
    if _instance_dict(value) is None and not _slot_names(cls):
        return None
    return 'attrs'


def _is_user_module(module):
    """True for a module of the user's code: not the standard library's, not an installed
    package's, not one of the array libraries'."""
    top = (getattr(module, '__name__', None) or '').partition('.')[0]
    path = getattr(module, '__file__', None) or ''
    return not (top in FOREIGN or top in sys.stdlib_module_names or top == 'builtins'
                or 'site-packages' in path or 'dist-packages' in path)


def contents(value, kind):
    """[(step kind, key, value)] of a container now."""
    if kind == 'list':
        return [(ITEM, i, v) for i, v in enumerate(list(value))]
    if kind == 'dict':
        return [(ITEM, k, v) for k, v in list(dict.items(value))]
    if kind == 'namespace':  # a module's globals: not the interpreter's own (__warningregistry__)
        return [(ITEM, k, v) for k, v in list(dict.items(value)) if not _dunder(k)]
    if kind == 'cell':
        try:
            return [(CELL, None, value.cell_contents)]
        except ValueError:
            return []
    found = []
    attrs = _instance_dict(value)
    if attrs is not None:
        module = value.__class__ is types.ModuleType
        found = [(ATTR, k, v) for k, v in list(attrs.items())
                 if k.__class__ is str and not (module and _dunder(k))]
    for name in _slot_names(type(value)):
        item = read(value, ATTR, name)
        if item is not ABSENT:
            found.append((ATTR, name, item))
    return found


def _dunder(name):
    return name.__class__ is str and name.startswith('__') and name.endswith('__')


class Container:
    """A container a walk visited: the object, how its items are read, the path it was first
    reached by, and its items then."""
    __slots__ = ('obj', 'kind', 'path', 'items')

    def __init__(self, obj, kind, path):
        self.obj, self.kind, self.path = obj, kind, path
        self.items = contents(obj, kind)

    def values(self):
        """{(step kind, key): value} of its items when it was walked."""
        return {(k, key): v for k, key, v in self.items}


class Snapshot:
    """What a walk found: containers by id (in the order visited) and the arrays' places."""

    def __init__(self):
        self.containers = {}  # id -> Container
        self.arrays = {}      # id(array) -> (array, [(owner, step kind, key, Path)])
        self.truncated = None  # the path where the walk stopped at its bound, if it did


def walk(roots, skip=frozenset()):
    """Snapshot of the places reachable from `roots` ([(root object, Root, container kind)]);
    containers whose id is in `skip` (walked already) are not walked into again."""
    snapshot = Snapshot()
    stack = []
    for value, root, kind in reversed(roots):
        stack.append((value, kind, Path(root, ())))
    containers = snapshot.containers
    while stack:
        value, kind, path = stack.pop()
        if id(value) in containers or id(value) in skip:
            continue
        if len(containers) >= MAX_CONTAINERS:
            snapshot.truncated = path
            break
        container = containers[id(value)] = Container(value, kind, path)
        for step, key, item in reversed(container.items):
            if is_array(item):
                entry = snapshot.arrays.get(id(item))
                if entry is None:
                    entry = snapshot.arrays[id(item)] = (item, [])
                entry[1].append((value, step, key, path.child(step, key)))
                continue
            item_kind = kind_of(item)
            if item_kind is not None and id(item) not in containers:
                stack.append((item, item_kind, path.child(step, key)))
    return snapshot
