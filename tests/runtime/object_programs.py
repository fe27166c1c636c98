"""Random methods updating arrays kept on their object, in and out of tensor control flow.

`generate(pick)` writes the source of a module with `class State` whose method
`program(self, a, b, n, t)` works on arrays kept in places of `self`: the
attribute `self.w` (4, 4), the dict entries `self.d['k']` (4, 4) and
`self.d['r']` (4,), the list items `self.l[0]` (4, 4) and `self.l[1]` (4,).
`a` and `b` are (4, 4) float arrays, `n` a trip count in 0..4, `t` decides
branches. Statements, drawn with `pick(options)`: local aliases of places
(`v2 = self.d['k']`), views of them (`self.w[1]`, `.T`), updates through a
place or an alias (in-place operators, item assignment, augmented item
assignment, `fill`, `np.copyto`, `out=`), a place rebound (to a new array, an
array made with Python values, another place's array, an argument), and
tensor `if`/`for`/`while` holding more of the same. The converter makes
attributes a control-flow statement assigns its state; dict entries and list
items are rebound only outside tensor control flow (inside, they are updated
in place), as a graph can follow only those.
"""
MATRIX, ROW = 'matrix', 'row'
PLACES = {'self.w': MATRIX, "self.d['k']": MATRIX, "self.d['r']": ROW, 'self.l[0]': MATRIX,
          'self.l[1]': ROW}
ATTRIBUTES = ('self.w',)
CONSTRUCTS = ('alias', 'view', 'inplace', 'setitem', 'augitem', 'method', 'rebind', 'if',
              'for', 'while')
REBINDS = ('new', 'made', 'place', 'argument')
_MADE = {MATRIX: 'np.zeros((4, 4))', ROW: 'np.ones(4)'}
_NESTED = ('alias', 'view') + ('inplace', 'setitem', 'augitem', 'method') * 2 + (
    'rebind', 'if', 'for', 'while')

HEADER = '''import numpy as np


class State:
    def __init__(self):
        self.w = np.linspace(-2.0, 2.0, 16).reshape(4, 4)
        self.d = {'k': np.arange(16.0).reshape(4, 4) / 8, 'r': np.linspace(1.0, 2.0, 4)}
        self.l = [np.full((4, 4), 0.5), np.array([3.0, -1.0, 0.25, 2.0])]

'''


class Program:
    def __init__(self, pick):
        self.pick = pick
        self.lines = []
        self.used = set()
        self.counters = self.locals = 0

    def emit(self, depth, text):
        self.lines.append('    ' * depth + text)

    def targets(self, env, shape=None):
        names = sorted(n for n in list(PLACES) + list(env)
                       if shape is None or _shape(n, env) == shape)
        return names

    def statement(self, env, depth, loop_vars):
        kind = self.pick(CONSTRUCTS if depth == 2 else _NESTED if depth < 4 else _NESTED[:-3])
        self.used.add(kind)
        if kind in ('if', 'for', 'while'):
            return self.compound(kind, env, depth, loop_vars)
        target = self.pick(self.targets(env))
        shape = _shape(target, env)
        if kind == 'alias':
            self.local(env, depth, self.pick(list(PLACES)), None)
        elif kind == 'view':
            place = self.pick([p for p in PLACES if PLACES[p] == MATRIX])
            view = self.pick(['[1]', '[-1]', '[:, 2]', '.T[1]'])
            self.local(env, depth, place, view)
        elif kind == 'inplace':
            self.emit(depth, f"{target} {self.pick(['+=', '-=', '*='])} "
                             f"{self.pick(['0.5', '-1.0'] + self.targets(env, shape))}")
        elif kind in ('setitem', 'augitem'):
            index = self.pick(['1', '1:3', '...', 'n % 4', f'{target} > 1.0'])
            if shape == MATRIX:
                index = self.pick([index, f'{index}, 2'] if '>' not in index else [index])
            op = '=' if kind == 'setitem' else self.pick(['+=', '*='])
            self.emit(depth, f'{target}[{index}] {op} {self.pick(["0.5", "-2.0", "7.0"])}')
        elif kind == 'method':
            other = self.pick(self.targets(env, shape))
            self.emit(depth, self.pick([f'{target}.fill(1.5)', f'np.copyto({target}, {other})',
                                        f'np.add({other}, 1.0, out={target})']))
        else:
            self.rebind(env, depth)

    def local(self, env, depth, place, view):
        """A local name bound to a place's array (or a view of it)."""
        self.locals += 1
        name = f'v{self.locals + 1}'
        env[name] = ROW if view else PLACES[place]
        self.emit(depth, f'{name} = {place}{view or ""}')

    def rebind(self, env, depth):
        places = list(PLACES) if depth == 2 else list(ATTRIBUTES)
        place = self.pick(places)
        shape = PLACES[place]
        how = self.pick(REBINDS)
        self.used.add(f'rebind {how}')
        same = self.targets(env, shape)
        if how == 'new':
            value = f"{self.pick(same)} {self.pick(['* 2.0', '+ 1.0'])}"
        elif how == 'made':
            value = _MADE[shape]
        elif how == 'place':
            value = self.pick([p for p in PLACES if PLACES[p] == shape])
        else:
            value = self.pick(['a', 'b', 'a[1]', 'b[:, 0]']
                              [(0 if shape == MATRIX else 2):(2 if shape == MATRIX else 4)])
        self.emit(depth, f'{place} = {value}')

    def compound(self, kind, env, depth, loop_vars):
        inner = dict(env)
        if kind == 'if':
            self.emit(depth, 'if t > 0:')
            self.block(inner, depth + 1, loop_vars)
            self.emit(depth, 'else:')
            self.block(dict(env), depth + 1, loop_vars)
            return
        counter = f'i{self.counters}'
        self.counters += 1
        if kind == 'for':
            self.emit(depth, f'for {counter} in range(n):')
        else:
            self.emit(depth, f'{counter} = 0')
            self.emit(depth, f'while {counter} < n:')
        self.block(inner, depth + 1, loop_vars + [counter])
        if kind == 'while':
            self.emit(depth + 1, f'{counter} += 1')

    def block(self, env, depth, loop_vars):
        start = len(self.lines)
        for _ in range(self.pick([1, 2])):
            self.statement(env, depth, loop_vars)
        if len(self.lines) == start:
            self.emit(depth, 'pass')


def _shape(name, env):
    return PLACES[name] if name in PLACES else env[name]


def generate(pick):
    """(source of the module, the constructs it uses)."""
    program = Program(pick)
    env = {'v0': MATRIX, 'v1': MATRIX}
    program.emit(2, 'v0, v1 = a, b')
    for _ in range(pick([2, 3, 4, 5])):
        program.statement(env, 2, [])
    program.emit(2, 'return (v0 * 1.0, v1 * 1.0, self.w.sum())')
    source = HEADER + '    def program(self, a, b, n, t):\n' + '\n'.join(program.lines) + '\n'
    return source, program.used
