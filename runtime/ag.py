"""The `ag__` module: every name converted code may use, and nothing else.

Converted modules import it as `from runtime import ag as ag__` and then take
their own copy with `ag__ = ag__.bind(globals())` (see `bind`). It imports only
the standard library; the graph runtime, once imported, registers its tensor
types with the operators (see `runtime.ag_operators.dispatch`).
"""
import types

from .ag_operators.asserts import assert_stmt
from .ag_operators.call_trees import Kwargs, converted_call, for_module
from .ag_operators.conditional_expressions import if_exp
from .ag_operators.control_statements import for_stmt, if_stmt, while_stmt
from .ag_operators.directives import do_not_convert, set_element_type, set_loop_options
from .ag_operators.functions import (
    STD,
    ConversionOptions,
    Feature,
    FunctionScope,
    autograph_artifact,
)
from .ag_operators.lists import (
    ListPopOpts,
    ListStackOpts,
    list_append,
    list_pop,
    list_stack,
    new_list,
)
from .ag_operators.logical_expressions import (
    and_,
    and_test,
    compare,
    compare_test,
    eq,
    logical,
    not_,
    not_eq,
    or_,
    or_test,
)
from .ag_operators.qualnames import qualname
from .ag_operators.slices import GetItemOpts, get_item, set_item
from .ag_operators.variables import Undefined, UndefinedReturnValue, ld, ldu, load
from .converted_code import python_mode, star_exports
from .converted_code.sourcemap import SourceMap

__all__ = [
    'bind', 'Feature', 'GetItemOpts', 'ListPopOpts', 'ListStackOpts',
    'ConversionOptions', 'FunctionScope', 'Kwargs', 'STD', 'SourceMap', 'Undefined',
    'UndefinedReturnValue', 'and_', 'and_test', 'assert_stmt', 'autograph_artifact', 'compare',
    'compare_test', 'converted_call', 'do_not_convert', 'eq', 'for_stmt', 'get_item', 'if_exp',
    'if_stmt', 'ld', 'ldu', 'logical', 'list_append', 'list_pop', 'list_stack', 'load',
    'new_list', 'not_', 'not_eq', 'or_', 'or_test', 'qualname', 'set_element_type', 'set_item', 'set_loop_options',
    'while_stmt', 'local',
]

# `x: ag__.local` declares x a local of the function without giving it a value
# (a bare annotation in a function body is never evaluated).
local = None


def bind(module_globals):
    """This module as one converted module sees it: the same operators, its own converted_call.

    Callees that read their caller's frame (namedtuple, Enum, TypeVar, warnings)
    then find the converted module's globals there, as they would find the
    original module's. Its `SourceMap` and (while the module is imported)
    `FunctionScope` install dispatch (`runtime.converted_code.python_mode.bind`);
    `from module import *` takes the original's names, not `ag__`
    (`runtime.converted_code.star_exports`).
    """
    namespace = types.ModuleType(__name__, __doc__)
    namespace.__dict__.update({name: globals()[name] for name in __all__ if name != 'bind'})
    namespace.converted_call = for_module(module_globals)
    python_mode.bind(namespace, module_globals)  # dispatch to its original code
    star_exports.export_as_original(module_globals)  # `import *` takes no `ag__`
    return namespace

