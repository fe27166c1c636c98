"""`@ag__.qualname(name)`: the qualified name a def, class or lambda has in the original code.

Python names a function after the functions that lexically enclose it, so a
def that the converter moved into a generated closure would be called
`f.<locals>.if_body.<locals>.g`. The fix renames the object and, once per code
object, the code of everything nested in it (whose names Python derives from
the code, not from the object).
"""
import functools
import sys
import types

_fixed = {}  # (code, wrong prefix, right prefix) -> code


@functools.cache
def qualname(name):
    """A decorator (cached per name) that gives its argument the qualified name `name`."""
    def rename(obj):
        _rename(obj, name)
        return obj
    return rename


def _rename(obj, right):
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    wrong = getattr(obj, '__qualname__', None)
    if wrong is None or wrong == right:
        return
    if isinstance(obj, types.FunctionType):
        obj.__qualname__ = right
        obj.__code__ = _code(obj.__code__, wrong, right)
    elif isinstance(obj, type):
        obj.__qualname__ = right
        for member in vars(obj).values():
            for target in _members(member):
                name = getattr(target, '__qualname__', '')
                if name.startswith(wrong + '.'):
                    _rename(target, right + name[len(wrong):])


def _members(member):
    if isinstance(member, property):
        return [f for f in (member.fget, member.fset, member.fdel) if f is not None]
    return [member]


def _code(code, wrong, right):
    key = (code, wrong, right)
    fixed = _fixed.get(key)
    if fixed is None:
        fixed = _fixed[key] = _rewrite(code, wrong, right)
    return fixed


def _rewrite(code, wrong, right):
    consts = tuple(_rewrite(c, wrong, right) if isinstance(c, types.CodeType) else
                   _name(c, wrong, right) if sys.version_info < (3, 11) and isinstance(c, str) else c
                   for c in code.co_consts)
    if sys.version_info >= (3, 11):
        return code.replace(co_consts=consts, co_qualname=_name(code.co_qualname, wrong, right))
    return code.replace(co_consts=consts)  # 3.10 keeps nested qualnames as string constants


def _name(name, wrong, right):
    if name == wrong:
        return right
    if name.startswith(wrong + '.'):
        return right + name[len(wrong):]
    return name
