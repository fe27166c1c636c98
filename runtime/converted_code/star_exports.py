"""`from m import *` of a converted module imports the names its original would: never `ag__`.

Without `__all__`, `import *` takes every name of the module's `__dict__` that
does not start with `_`, and converted code needs `ag__` there (its functions
read it as a global). Importing it would rebind the importer's own `ag__` (its
converted_call, and the `SourceMap` call that installs its dispatch, would be
the exporter's: its functions would keep running converted code) or add a
name the original does not export.

So a converted module's class becomes `ConvertedModule`, whose `__all__`
answers only an `import *` statement (the instruction its caller's frame is
running): the names the original would export, read from the module's
`__dict__` at that moment. Anywhere else the module has no `__all__`, as its
original has none (`hasattr`, pydoc, the import system's own look-up for
`from package import *`), and an `__all__` the module sets is found first, in
its `__dict__`, as usual.
"""
import dis
import sys
import types

ADDED = frozenset(('ag__',))  # what a conversion adds to a module that `import *` would take

if 'IMPORT_STAR' in dis.opmap:  # up to Python 3.11
    _IMPORT_STAR = (dis.opmap['IMPORT_STAR'], None)
else:  # 3.12 on: CALL_INTRINSIC_1 with INTRINSIC_IMPORT_STAR
    _IMPORT_STAR = (dis.opmap['CALL_INTRINSIC_1'], 2)


def _importing_star(frame):
    """Whether `frame` is running an `import *` (the instruction that looks `__all__` up)."""
    code, at = frame.f_code.co_code, frame.f_lasti
    opcode, arg = _IMPORT_STAR
    return code[at] == opcode and (arg is None or code[at + 1] == arg)


class _StarExports:
    """`__all__` for `import *` alone; a non-data descriptor, so a module's own `__all__` wins."""

    def __get__(self, module, owner=None):
        if module is None:
            raise AttributeError('__all__')
        if not _importing_star(sys._getframe(1)):
            # the module's own `__getattr__` (PEP 562), or its AttributeError, comes next
            raise AttributeError('__all__')
        namespace = module.__dict__
        module_getattr = namespace.get('__getattr__')
        if module_getattr is not None:  # asked for `__all__` in the original too
            try:
                return module_getattr('__all__')
            except AttributeError:
                pass
        return [name for name in namespace if name.__class__ is not str or not (
            name.startswith('_') or name in ADDED)]


class ConvertedModule(types.ModuleType):
    """A converted module: `import *` takes what its original exports (see module docstring)."""

    __all__ = _StarExports()


def export_as_original(namespace):
    """Make the module whose globals are `namespace` (being imported) a ConvertedModule.

    Found in `sys.modules`, where the import system puts a module while its
    body runs; a module of another class (the module's own, or a loader's)
    is left as it is.
    """
    module = sys.modules.get(namespace.get('__name__'))
    if (module is not None and module.__class__ is types.ModuleType
            and module.__dict__ is namespace):
        module.__class__ = ConvertedModule
