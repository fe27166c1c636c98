#!/usr/bin/env python3
"""What is left as written: module-level code, class bodies, generators, async and opted-out functions."""
from __future__ import annotations

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


def numbers(n):
    i = 0
    while i < n:
        yield i
        i += 1


async def fetch(source):
    if source:
        return await source()


@rt.do_not_convert
def raw(x):
    if x:   # kept exactly
        return x and not x
    return None


def snapshot(a):
    b = a + 1
    return locals()


def caller_name():
    return sys._getframe(1).f_code.co_name


def converted(n):
    return list(numbers(n))
