"""autograph_cli/analysis: CFG, liveness and reaching definitions of small functions, as exact sets.

The statement tree of each function is taken from the pipeline (after the jump
converters, as the analyses see it in production); nodes are named by the code
they stand for, so a test reads as the function it analyses.
"""
import textwrap

import pytest

from autograph_cli import output_nodes, statement_tree
from autograph_cli.analysis.cfg import CFG
from autograph_cli.analysis.liveness import Liveness
from autograph_cli.analysis.reaching_definitions import ReachingDefinitions
from autograph_cli.function_facts import FunctionConversion
from autograph_cli.pipeline import convert_module


def _text(node):
    return ' '.join(output_nodes.code_of(node).split())


class Analysed:
    """One function's CFG, liveness and reaching definitions, with nodes named by their code."""

    def __init__(self, facts, body):
        self.facts = facts
        exit_uses = facts.globals | facts.nonlocals | facts.captured
        self.cfg = CFG(body, facts.params, exit_uses)
        self.liveness = Liveness(self.cfg)
        self.rd = ReachingDefinitions(self.cfg, facts.locals(), facts.params)
        self.names = {self.cfg.entry.index: 'entry', self.cfg.exit.index: 'exit'}
        self._name_block(body)
        assert len(set(self.names.values())) == len(self.cfg.nodes), 'names must be unique'
        self.by_name = {name: self.cfg.nodes[i] for i, name in self.names.items()}

    def _name(self, key, name):
        self.names[self.cfg.of[key].index] = name

    def _name_block(self, block):
        for s in block:
            if isinstance(s, statement_tree.StatementLine):
                for small in s.smalls:
                    self._name(id(small), _text(s.node if s.generated else small.node))
                continue
            if isinstance(s, statement_tree.If):
                head = 'if ' + _text(s.test)
            elif isinstance(s, statement_tree.While):
                head = 'while ' + _text(s.test)
            elif isinstance(s, statement_tree.For):
                head = 'for ' + _text(s.target)
                self._name(('iter', id(s)), 'in ' + _text(s.iter))
                self._name(('head', id(s)), 'next ' + _text(s.iter))
            else:
                head = type(s).__name__.lower()
            if id(s) in self.cfg.of:
                self._name(id(s), head)
            self._name(('join', id(s)), 'end ' + head)
            for handler, _, _ in getattr(s, 'handlers', ()):
                self._name(id(handler), 'except ' + _text(handler.type))
                if ('del', id(handler)) in self.cfg.of:
                    self._name(('del', id(handler)), 'unbind ' + handler.name.name.value)
            if ('finally', id(s)) in self.cfg.of:
                self._name(('finally', id(s)), 'finally')
            for case, _, _ in getattr(s, 'cases', ()):
                self._name(id(case), 'case ' + _text(case.pattern))
            for sub in statement_tree.sub_blocks(s):
                self._name_block(sub)

    def edges(self):
        return {(self.names[n.index], self.names[s]) for n in self.cfg.nodes for s in n.succ}

    def live(self, name, candidates=None):
        names = candidates if candidates is not None else self.facts.referenced
        return self.liveness.live_names(self.by_name[name], names)

    def unbound(self, name):
        return set(self.rd.maybe_unbound(self.by_name[name], sorted(self.facts.locals())))


@pytest.fixture
def analyse(monkeypatch):
    """analyse(source) -> {function name: Analysed}, from what the pipeline hands the analyses."""
    def run(source):
        captured = {}
        original = FunctionConversion.analyze

        def spy(self, body):
            captured[self.facts.qualname] = Analysed(self.facts, body)
            return original(self, body)
        monkeypatch.setattr(FunctionConversion, 'analyze', spy)
        convert_module(textwrap.dedent(source), 'm.py')
        monkeypatch.setattr(FunctionConversion, 'analyze', original)
        return captured
    return run


def test_cfg_of_if_else(analyse):
    f = analyse('''
        def f(a):
            x = 1
            if a:
                y = x
            else:
                y = 2
            return y
    ''')['f']
    assert f.edges() == {
        ('entry', 'x = 1'), ('x = 1', 'if a'), ('if a', 'y = x'), ('if a', 'y = 2'),
        ('y = x', 'end if a'), ('y = 2', 'end if a'), ('end if a', 'return y'),
        ('return y', 'exit')}


def test_cfg_of_loops(analyse):
    f = analyse('''
        def f(xs, n):
            while n > 0:
                n = n - 1
            for x in xs:
                n = x
            else:
                n = None
            return n
    ''')['f']
    assert f.edges() == {
        ('entry', 'while n > 0'), ('while n > 0', 'n = n - 1'), ('n = n - 1', 'while n > 0'),
        ('while n > 0', 'end while n > 0'), ('end while n > 0', 'in xs'), ('in xs', 'next xs'),
        # the target is bound only on the edge into the body, not on the exit
        ('next xs', 'for x'), ('for x', 'n = x'), ('n = x', 'next xs'), ('next xs', 'n = None'),
        ('n = None', 'end for x'), ('end for x', 'return n'), ('return n', 'exit')}


def test_cfg_of_try_except_finally_and_an_early_return(analyse):
    f = analyse('''
        def f(x):
            try:
                a = 1 / x
                return a
            except ZeroDivisionError as err:
                b = err
            finally:
                c = 3
            if c:
                pass
    ''')['f']
    assert f.edges() == {
        # every statement of the body may raise into the handler and the finally clause
        ('entry', 'a = 1 / x'), ('entry', 'except ZeroDivisionError'), ('entry', 'finally'),
        ('a = 1 / x', 'return a'), ('a = 1 / x', 'except ZeroDivisionError'),
        ('a = 1 / x', 'finally'),
        # a real return goes through finally
        ('return a', 'finally'), ('return a', 'except ZeroDivisionError'),
        ('except ZeroDivisionError', 'b = err'), ('b = err', 'unbind err'),
        ('unbind err', 'finally'), ('finally', 'c = 3'),
        # after finally: on to the exit (a return or an exception) or the code that follows
        ('c = 3', 'exit'), ('c = 3', 'end try'), ('end try', 'if c'), ('if c', 'pass'),
        ('pass', 'end if c'), ('if c', 'end if c'), ('end if c', 'exit')}


def test_cfg_of_with_and_match(analyse):
    f = analyse('''
        def f(cm, v):
            with cm as c:
                a = 1
                b = 2
            match v:
                case [x]:
                    r = x
                case _:
                    r = 0
            if r:
                pass
    ''')['f']
    edges = f.edges()
    # a context manager may suppress an exception: its body may end after any statement
    assert {e for e in edges if e[1] == 'end with'} == {
        ('with', 'end with'), ('a = 1', 'end with'), ('b = 2', 'end with')}
    assert {e for e in edges if any(word in e[0] + e[1] for word in ('match', 'case'))} == {
        ('end with', 'match'), ('match', 'case [x]'), ('case [x]', 'r = x'),
        ('case [x]', 'case _'), ('case _', 'r = 0'), ('case _', 'end match'),
        ('r = x', 'end match'), ('r = 0', 'end match'), ('end match', 'if r')}


def test_liveness(analyse):
    f = analyse('''
        def f(a, b):
            x = a
            y = b
            while x < 10:
                x = x + y
            z = x
            return x
    ''')['f']
    assert f.live('entry') == set()  # the entry binds the parameters
    assert f.live('x = a') == {'a', 'b'}
    assert f.live('y = b') == {'b', 'x'}
    assert f.live('while x < 10') == {'x', 'y'}
    assert f.live('x = x + y') == {'x', 'y'}
    assert f.live('end while x < 10') == {'x'}
    assert f.live('z = x') == {'x'}  # z is never read: dead
    assert f.live('return x') == {'x'}
    assert f.live('exit') == set()


def test_liveness_through_branches_deletion_and_exit_uses(analyse):
    f = analyse('''
        def f(flag):
            global g
            u = 1
            v = 2
            g = 3
            if flag:
                del u
                w = v
            else:
                w = u
            return w
    ''')['f']
    assert f.live('u = 1') == {'flag'}
    assert f.live('v = 2') == {'flag', 'u'}
    assert f.live('g = 3') == {'flag', 'u', 'v'}
    # a global is read at the exit (the caller may see it), so it is live from `g = 3` on
    assert f.live('del u') == {'g', 'u', 'v'}
    assert f.live('w = u') == {'g', 'u'}
    assert f.live('return w') == {'g', 'w'}
    assert f.live('exit') == {'g'}


def test_reaching_definitions_find_maybe_unbound_locals(analyse):
    f = analyse('''
        def f(a, xs):
            if a:
                x = 1
            y = 0
            if a > 1:
                del y
            for n in xs:
                m = n
            z = [k for k in xs if (w := k)]
            return x, y, m, w
    ''')['f']
    assert f.unbound('entry') == set()
    assert f.unbound('if a') == {'m', 'n', 'w', 'x', 'y', 'z'}
    assert f.unbound('y = 0') == {'m', 'n', 'w', 'x', 'y', 'z'}
    assert f.unbound('if a > 1') == {'m', 'n', 'w', 'x', 'z'}
    assert f.unbound('del y') == {'m', 'n', 'w', 'x', 'z'}
    assert f.unbound('in xs') == {'m', 'n', 'w', 'x', 'y', 'z'}
    assert f.unbound('m = n') == {'m', 'w', 'x', 'y', 'z'}
    # the walrus in a comprehension may or may not bind w; an empty loop binds no n
    assert f.unbound('return x, y, m, w') == {'m', 'n', 'w', 'x', 'y'}


def test_parameters_are_never_unbound_but_a_deleted_one_may_be(analyse):
    f = analyse('''
        def f(a, b):
            if a:
                del b
            return b
    ''')['f']
    assert f.unbound('if a') == set()
    assert f.unbound('return b') == {'b'}


def test_an_exception_handler_may_see_a_partly_run_try_body(analyse):
    f = analyse('''
        def f(x):
            try:
                a = 1
                b = 1 / x
            except ZeroDivisionError:
                c = a
            return b
    ''')['f']
    assert f.unbound('c = a') == {'a', 'b', 'c'}
    # on the path through the handler (entered before `a = 1`), a and b are unbound
    assert f.unbound('return b') == {'a', 'b', 'c'}
