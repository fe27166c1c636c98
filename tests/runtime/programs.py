"""Random numpy programs mixing aliases, views, in-place updates and tensor control flow.

`generate(pick)` writes the source of `def program(a, b, n, t)`: `a` and `b` are
float arrays of shape (4, 4) (the arguments it may update), `n` an int in 0..4
(trip counts), `t` an int deciding branches. Each statement is drawn with
`pick(options)` (hypothesis's draws in the property test, `random` in the
coverage test), from: aliases (`v2 = v0`), views (rows, columns, `.T`,
`[...]`, `[::-1]`), new arrays, arrays made with Python values (`np.zeros`,
`np.ones`, `np.array`: numpy while tracing until a graph value is written into
them; programs may start from one), in-place operators, item assignment with every
index kind (int, slice, `...`, None, boolean mask, int list, tensor), augmented
item assignment, `fill`, `np.copyto`, `out=`, and tensor `if`/`for`/`while`
holding more of the same. Every variable is a (4, 4) matrix or a (4,) row, so
every statement is valid numpy. Inside control flow, statements mostly update
arrays and bind names local to the block; they rebind variables from before
it sometimes only (an array rebound on some paths only, then updated, is one
whose aliasing numpy decides at run time: graphs refuse it while the array it
may be is alive).
"""
MATRIX, ROW = 'matrix', 'row'
CONSTRUCTS = ('alias', 'view', 'new', 'made', 'inplace', 'setitem', 'augitem', 'method', 'if',
              'for', 'while')
INDEX_KINDS = ('int', 'slice', 'ellipsis', 'newaxis', 'mask', 'list', 'tensor')
MADE_KINDS = ('zeros', 'ones', 'array')
_MADE = {  # kind -> (matrix, row) source of an array made with Python values
    'zeros': ('np.zeros((4, 4))', 'np.zeros(4)'),
    'ones': ('np.ones((4, 4))', 'np.ones(4)'),
    'array': ('np.array([[0.5, -1.0, 2.0, 3.0]] * 4)', 'np.array([1.5, -2.0, 0.25, 4.0])'),
}
_UPDATES = ('inplace', 'setitem', 'augitem', 'method')
_NESTED = ('alias', 'view', 'new', 'made') + _UPDATES * 3 + ('if', 'for', 'while')


class Program:
    def __init__(self, pick):
        self.pick = pick
        self.lines = []
        self.used = set()      # constructs and index kinds generated
        self.counters = self.locals = 0

    def emit(self, depth, text):
        self.lines.append('    ' * depth + text)

    def statement(self, env, depth, loop_vars):
        names = sorted(env)
        kinds = CONSTRUCTS if depth == 1 else _NESTED if depth < 3 else _NESTED[:-3]
        kind = self.pick(kinds)
        self.used.add(kind)
        target = self.pick(names)
        if kind in ('if', 'for', 'while'):
            return self.compound(kind, env, depth, loop_vars)
        if kind in ('alias', 'view', 'new', 'made'):
            new = self.target_name(env, depth)
            value, shape = self.value(kind, env, target, loop_vars)
            if new in env and env[new] != shape:
                return  # inside control flow a variable keeps its shape
            env[new] = shape
            self.emit(depth, f'{new} = {value}')
            return
        self.update(kind, env, target, depth, loop_vars)

    def target_name(self, env, depth):
        """A new variable at the top level; inside control flow mostly one local to the block
        (not used after it), sometimes a variable from before, which the block rebinds."""
        if depth == 1:
            return f'v{len(env)}' if len(env) < 6 else self.pick(sorted(env))
        self.locals += 1
        return self.pick([f'w{self.locals}'] * 3 + sorted(env))

    def value(self, kind, env, source, loop_vars):
        shape = env[source]
        if kind == 'alias':
            return source, shape
        if kind == 'made':
            return self.made(shape), shape
        if kind == 'new':
            return self.pick([f'{source} * 2.0', f'{source} + 1.0', f'{source}.copy()',
                              f'np.sin({source})']), shape
        if shape == ROW:
            return self.pick([f'{source}[...]', f'{source}[::-1]', f'{source}[:]']), ROW
        options = [(f'{source}.T', MATRIX), (f'{source}[...]', MATRIX), (f'{source}[::-1]', MATRIX),
                   (f'{source}[1]', ROW), (f'{source}[:, 2]', ROW), (f'{source}[-1]', ROW)]
        if loop_vars:
            options.append((f'{source}[{loop_vars[-1]}]', ROW))
        return self.pick(options)

    def made(self, shape):
        made = self.pick(MADE_KINDS)
        self.used.add(made)
        return _MADE[made][shape == ROW]

    def rhs(self, env, shape):
        same = [name for name in sorted(env) if env[name] == shape or env[name] == ROW]
        return self.pick(['0.5', '-1.0', '3.0'] + same)

    def index(self, shape, loop_vars):
        kind = self.pick(INDEX_KINDS)
        self.used.add(kind)
        rows = {'int': '2', 'slice': '1:3', 'ellipsis': '...', 'newaxis': 'None, 1',
                'list': '[0, 3]', 'tensor': loop_vars[-1] if loop_vars else 'n % 4'}
        if kind == 'mask':
            return None
        return rows[kind] if shape == ROW or kind in ('ellipsis', 'newaxis') else \
            self.pick([rows[kind], f'{rows[kind]}, 1', f':, {rows[kind]}'])

    def update(self, kind, env, target, depth, loop_vars):
        shape = env[target]
        if kind == 'inplace':
            op = self.pick(['+=', '-=', '*='])
            self.emit(depth, f'{target} {op} {self.rhs(env, shape)}')
        elif kind in ('setitem', 'augitem'):
            index = self.index(shape, loop_vars)
            index = f'{target} > 2.0' if index is None else index
            op = '=' if kind == 'setitem' else self.pick(['+=', '*='])
            self.emit(depth, f'{target}[{index}] {op} {self.pick(["0.5", "-2.0", "7.0"])}')
        else:
            other = self.pick(sorted(n for n in env if env[n] == shape))
            self.emit(depth, self.pick([f'{target}.fill(1.5)', f'np.copyto({target}, {other})',
                                        f'np.add({other}, 1.0, out={target})']))

    def compound(self, kind, env, depth, loop_vars):
        if kind == 'if':
            self.emit(depth, 'if t > 0:')
            self.block(dict(env), depth + 1, loop_vars)
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
        self.block(dict(env), depth + 1, loop_vars + [counter])
        if kind == 'while':
            self.emit(depth + 1, f'{counter} += 1')

    def block(self, env, depth, loop_vars):
        start = len(self.lines)
        for _ in range(self.pick([1, 2, 3])):
            self.statement(env, depth, loop_vars)
        if len(self.lines) == start:
            self.emit(depth, 'pass')


def generate(pick):
    """(source of `program(a, b, n, t)`, the constructs, index kinds and made kinds it uses)."""
    program = Program(pick)
    env = {'v0': MATRIX, 'v1': MATRIX}
    program.emit(1, 'v0, v1 = a, b')
    if pick([True, False]):  # start from an array the function makes too
        program.used.add('made')
        env['v2'] = pick([MATRIX, ROW])
        program.emit(1, f"v2 = {program.made(env['v2'])}")
    for _ in range(pick([2, 3, 4, 5])):
        program.statement(env, 1, [])
    program.emit(1, f"return ({', '.join(sorted(env))},)")
    source = 'import numpy as np\n\n\ndef program(a, b, n, t):\n' + '\n'.join(program.lines) + '\n'
    return source, program.used
