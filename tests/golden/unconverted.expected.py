#!/usr/bin/env python3
"""What is left as written: module-level code, class bodies, generators, async and opted-out functions."""
from __future__ import annotations
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())

import sys

import runtime as rt

DEBUG = False
if DEBUG:
    LEVEL = 'debug'
else:
    LEVEL = 'info'

for _name in ('a', 'b'):
    pass


class Config:
    """Class bodies run once, as written."""
    names = [n for n in ('x', 'y') if n and not DEBUG]
    if sys.platform:
        platform = sys.platform


def numbers(n):  # agconvert: left unconverted: generator function (yield)
    i = 0
    while i < n:
        yield i
        i += 1


async def fetch(source):  # agconvert: left unconverted: asynchronous function
    if source:
        return await source()


@rt.do_not_convert
def raw(x):
    if x:   # kept exactly
        return x and not x
    return None


def snapshot(a):  # agconvert: left unconverted: calls locals(), which reads the local variables
    b = a + 1
    return locals()


def caller_name():  # agconvert: left unconverted: inspects the call stack, where converted code runs in generated closures
    return sys._getframe(1).f_code.co_name


def converted(n):
    with ag__.FunctionScope('converted', 'fscope', ag__.STD) as fscope:
        return ag__.converted_call(list, (ag__.converted_call(numbers, (n,), None, fscope),), None,
            fscope)
__ag_source_map__ = ag__.SourceMap('unconverted.py', '2:2,7:4,58=54,59=55,61:56', '4b77f1905fc6ea9c')
