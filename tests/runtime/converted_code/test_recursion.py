"""Converted code recurses as deep as the original, and its RecursionError is the original's.

Converted code makes 4 to 10 frames a level of recursion where the original
makes one (`runtime.converted_code.recursion`); the runtime raises the recursion
limit by them. Each function below recurses through a different construct;
the deepest `n` each reaches from the same call site is found for the
original module and for the converted one running its converted code.
"""
import collections
import os
import sys
import threading
import traceback

import pytest
from loading import load

import runtime as rt
from autograph_cli.pipeline import convert_module
from runtime.converted_code import recursion

SOURCE = '''\
import sys


def in_if(n):
    if n == 0:
        return 0
    return in_if(n - 1)


def in_if_else(n):
    if n > 0:
        x = in_if_else(n - 1)
    else:
        x = 0
    return x


def in_for(n):
    total = 0
    for i in (0,):
        if n > i:
            total += in_for(n - 1)
    return total


def in_while(n):
    i = 0
    while i < 1:
        i += 1
        if n > 0:
            return in_while(n - 1)
    return 0


def nested(n):
    for i in (0,):
        while i < 1:
            i += 1
            if n > 0:
                if n >= 0:
                    return nested(n - 1)
    return 0


def in_operand(n):
    return n > 0 and in_operand(n - 1) or 0


def in_conditional(n):
    return in_conditional(n - 1) if n > 0 else 0


def ping(n):
    if n > 0:
        return pong(n - 1)
    return 0


def pong(n):
    while True:
        return ping(n)


class Node:
    def down(self, n):
        if n > 0:
            return self.down(n - 1)
        return 0


def method(n):
    return Node().down(n)


def sets_its_limit(n, limit):
    if n == 0:
        sys.setrecursionlimit(limit)
        return sys.getrecursionlimit()
    return sets_its_limit(n - 1, limit)
'''
FUNCTIONS = ['in_if', 'in_if_else', 'in_for', 'in_while', 'nested', 'in_operand',
             'in_conditional', 'ping', 'method']


@pytest.fixture(scope='module')
def paths(tmp_path_factory):
    root = tmp_path_factory.mktemp('recursion')
    (root / 'src').mkdir()
    (root / 'build').mkdir()
    original = root / 'src' / 'deep.py'
    original.write_text(SOURCE)
    converted = root / 'build' / 'deep.py'
    converted.write_text(convert_module(SOURCE, 'src/deep.py', original_path='../src/deep.py').code)
    return original, converted


@pytest.fixture
def modules(paths):
    """(original module, converted module running its converted code)."""
    original = load(paths[0], 'deep_original')
    converted = load(paths[1], 'deep_converted')
    rt.config.set_python_mode('converted')
    try:
        yield original, converted
    finally:
        rt.config.set_python_mode('original')


def attempt(function, n):
    """None, or the RecursionError of `function(n)` (always called from this one place)."""
    try:
        function(n)
    except RecursionError as error:
        return error
    return None


def deepest(function):
    """The largest n with which `function(n)` returns, and the RecursionError of n + 1."""
    for _ in range(20):  # warmed up: CPython's specialized instructions check no recursion
        function(50)
    low, high = 0, sys.getrecursionlimit()
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if attempt(function, middle) is None else (low, middle - 1)
    return low, attempt(function, low + 1)


def frames(error):
    return [(os.path.basename(f.filename), f.lineno, f.name)
            for f in traceback.extract_tb(error.__traceback__)]


@pytest.mark.parametrize('name', FUNCTIONS)
def test_converted_code_recurses_as_deep_as_the_original(modules, name):
    original, converted = modules
    limit = sys.getrecursionlimit()
    reached, error = deepest(getattr(original, name))
    assert reached > limit - 100 if name != 'ping' else reached > limit // 2 - 50
    got, got_error = deepest(getattr(converted, name))
    assert sys.getrecursionlimit() == limit  # raised while it ran, then restored
    assert error is not None and got_error is not None
    assert got == reached, (name, got, reached)
    assert type(got_error) is RecursionError and got_error.args == error.args
    assert got_error.__context__ is None and got_error.__cause__ is None
    assert frames(got_error) == frames(error)


def test_converted_code_makes_more_frames_a_level(modules):
    """What the runtime makes up for (it is the point of the test above)."""
    original, converted = modules
    assert [frames_a_level(module.in_if) for module in (original, converted)] == [1, 4]
    assert [frames_a_level(module.nested) for module in (original, converted)] == [1, 10]


def frames_a_level(function):
    """How many frames deeper the stack is, when `function` is called, for each level it recurses."""
    def depth_at_each_call(n):
        depths = []

        def profile(frame, event, arg):
            if event == 'call' and frame.f_code is function.__code__:
                depth, f = 0, frame
                while f is not None:
                    depth, f = depth + 1, f.f_back
                depths.append(depth)
        sys.setprofile(profile)
        try:
            function(n)
        finally:
            sys.setprofile(None)
        return depths
    depths = depth_at_each_call(3)
    return (depths[-1] - depths[0]) // 3


def test_a_limit_the_program_sets_while_deep_is_its_own(modules):
    original, converted = modules
    limit = sys.getrecursionlimit()
    try:
        assert original.sets_its_limit(100, limit + 500) == limit + 500
        sys.setrecursionlimit(limit)
        converted.sets_its_limit(100, limit + 500)
        assert sys.getrecursionlimit() == limit + 500  # kept once the recursion returned
    finally:
        sys.setrecursionlimit(limit)


def test_threads_recursing_at_once_each_reach_the_originals_depth(modules):
    original, converted = modules
    limit = sys.getrecursionlimit()
    results = collections.defaultdict(list)

    def run(label, function, n):
        results[label].append(attempt(function, n) is None)
    n = limit - 60  # threads start with a shallow stack
    threads = [threading.Thread(target=run, args=(label, getattr(module, name), n))
               for label, module in (('original', original), ('converted', converted))
               for name in ('in_if', 'in_while', 'nested')]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results['converted'] == results['original'] == [True] * 3
    assert sys.getrecursionlimit() == limit and not recursion._needs
