"""Random numpy programs mixing aliases, views, in-place updates and tensor control flow.

`generate(pick)` writes the source of `def program(a, b, n, t)`: `a` and `b` are
float arrays of shape (4, 4) (the arguments it may update), `n` an int in 0..4
(trip counts), `t` an int deciding branches. Each statement is drawn with
`pick(options)` (hypothesis's draws in the property test, `random` in the
coverage test), from: aliases (`v2 = v0`), views (rows, columns, `.T`,
`[...]`, `[::-1]`, `[1:]`), new arrays, arrays made with Python values (`np.zeros`,
`np.ones`, `np.array`: numpy while tracing until a graph value is written into
them; programs may start from one), in-place operators, item assignment with every
index kind (int, slice, `...`, None, boolean mask, int list, tensor), augmented
item assignment, `fill`, `np.copyto`, `out=`, and tensor `if`/`for`/`while`
holding more of the same. Every variable is a (4, 4) matrix, a (3, 4) tail of
one (`x[1:]`) or a (4,) row, so every statement is valid numpy. Inside control flow, statements mostly update
arrays and bind names local to the block; they rebind variables from before
it sometimes only (an array rebound on some paths only, then updated, is one
whose aliasing numpy decides at run time: graphs refuse it while the array it
may be is alive).

`generate(pick, with_global=True)` adds the module-level global array `g`
(4, 4), which programs update by name (item assignment, in-place operators
after `global g`, `fill`, `np.copyto`, `out=`), through aliases (`v2 = g`) and
views (`g.T`, `g[1:]`, `g[1]`, ...), in and out of control flow, but never rebind: a
graph takes it by reference if the program updates it (`GLOBAL_UPDATES`), as a
constant otherwise. `GLOBAL_CONSTRUCTS` names what the generator records of it.
"""
MATRIX, TAIL, ROW = 'matrix', 'tail', 'row'
ROWS = {MATRIX: 4, TAIL: 3}  # the first dimension of the 2-d shapes
CONSTRUCTS = ('alias', 'view', 'new', 'made', 'inplace', 'setitem', 'augitem', 'method', 'if',
              'for', 'while')
INDEX_KINDS = ('int', 'slice', 'ellipsis', 'newaxis', 'mask', 'list', 'tensor')
MADE_KINDS = ('zeros', 'ones', 'array')
_MADE = {  # kind -> shape -> source of an array made with Python values
    'zeros': {MATRIX: 'np.zeros((4, 4))', TAIL: 'np.zeros((3, 4))', ROW: 'np.zeros(4)'},
    'ones': {MATRIX: 'np.ones((4, 4))', TAIL: 'np.ones((3, 4))', ROW: 'np.ones(4)'},
    'array': {MATRIX: 'np.array([[0.5, -1.0, 2.0, 3.0]] * 4)',
              TAIL: 'np.array([[0.5, -1.0, 2.0, 3.0]] * 3)',
              ROW: 'np.array([1.5, -2.0, 0.25, 4.0])'},
}
_UPDATES = ('inplace', 'setitem', 'augitem', 'method')
GLOBAL_CONSTRUCTS = tuple(f'g {kind}' for kind in (
    *_UPDATES, 'alias', 'view', 'view .T', 'view [1:]', 'through alias', 'in if', 'in for', 'in while',
    *(f'[{index}]' for index in INDEX_KINDS)))
GLOBAL_UPDATES = frozenset(f'g {kind}' for kind in (*_UPDATES, 'through alias'))
_GLOBAL = 'g = np.linspace(-2.0, 2.0, 16).reshape(4, 4)\n\n\n'  # its value: the test sets it
_NESTED = ('alias', 'view', 'new', 'made') + _UPDATES * 3 + ('if', 'for', 'while')


class Program:
    def __init__(self, pick):
        self.pick = pick
        self.lines = []
        self.used = set()      # constructs and index kinds generated
        self.counters = self.locals = 0
        self.of_global = set()  # names bound to `g` or a view of it (as last bound)
        self.enclosing = []     # the compound statements around the one being generated

    def emit(self, depth, text):
        self.lines.append('    ' * depth + text)

    def statement(self, env, depth, loop_vars):
        names = sorted(env)
        kinds = CONSTRUCTS if depth == 1 else _NESTED if depth < 3 else _NESTED[:-3]
        kind = self.pick(kinds)
        self.used.add(kind)
        target = self.pick(names + ['g'] * 2 * ('g' in env))  # the global more often
        if kind in ('if', 'for', 'while'):
            return self.compound(kind, env, depth, loop_vars)
        if kind in ('alias', 'view', 'new', 'made'):
            new = self.target_name(env, depth)
            value, shape = self.value(kind, env, target, loop_vars)
            if new in env and env[new] != shape:
                return  # inside control flow a variable keeps its shape
            env[new] = shape
            self.note_binding(new, kind, target, value)
            self.emit(depth, f'{new} = {value}')
            return
        self.update(kind, env, target, depth, loop_vars)

    def target_name(self, env, depth):
        """A new variable at the top level; inside control flow mostly one local to the block
        (not used after it), sometimes a variable from before, which the block rebinds."""
        rebindable = sorted(name for name in env if name != 'g')
        if depth == 1:
            return f'v{len(env)}' if len(env) < 6 else self.pick(rebindable)
        self.locals += 1
        return self.pick([f'w{self.locals}'] * 3 + rebindable)

    def note_binding(self, new, kind, source, value):
        """Follow which names are `g` or views of it, and note aliases and views of it."""
        if kind in ('alias', 'view') and source in self.of_global:
            self.of_global.add(new)
            self.used.add(f'g {kind}')
            if value[len(source):] in ('.T', '[1:]'):
                self.used.add(f'g view {value[len(source):]}')
        else:
            self.of_global.discard(new)

    def note_update(self, kind, target, index_kind=None):
        """Note an update of `g` (by name or through an alias or view) and where it is."""
        if target not in self.of_global:
            return
        if target != 'g':
            self.used.add('g through alias')
        else:
            self.used.add(f'g {kind}')
            if index_kind is not None:
                self.used.add(f'g [{index_kind}]')
        self.used.update(f'g in {compound}' for compound in self.enclosing)

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
        options = [(f'{source}[...]', shape), (f'{source}[::-1]', shape), (f'{source}[1]', ROW),
                   (f'{source}[-1]', ROW)]
        if shape == MATRIX:
            options += [(f'{source}.T', MATRIX), (f'{source}[1:]', TAIL), (f'{source}[:, 2]', ROW)]
            if loop_vars:  # 0 <= i < n <= 4
                options.append((f'{source}[{loop_vars[-1]}]', ROW))
        return self.pick(options)

    def made(self, shape):
        made = self.pick(MADE_KINDS)
        self.used.add(made)
        return _MADE[made][shape]

    def rhs(self, env, shape):
        same = [name for name in sorted(env) if env[name] == shape or env[name] == ROW]
        return self.pick(['0.5', '-1.0', '3.0'] + same)

    def index(self, target, shape, loop_vars):
        """(index kind, index source) of an item assignment to `target`."""
        kind = self.pick(INDEX_KINDS)
        self.used.add(kind)
        columns = self.indices(kind, 4, target, loop_vars)  # along a dimension of 4
        if shape == ROW or kind in ('ellipsis', 'newaxis', 'mask'):
            return kind, columns
        rows = self.indices(kind, ROWS[shape], target, loop_vars)
        return kind, self.pick([rows, f'{rows}, 1', f':, {columns}'])

    @staticmethod
    def indices(kind, size, target, loop_vars):
        """The source of an index of this kind into a dimension of `size` (3 or 4)."""
        counter = loop_vars[-1] if loop_vars else 'n'
        tensor = counter if loop_vars and size == 4 else f'{counter} % {size}'  # 0 <= i < n <= 4
        return {'int': '2', 'slice': '1:3', 'ellipsis': '...', 'newaxis': 'None, 1',
                'list': f'[0, {size - 1}]', 'tensor': tensor, 'mask': f'{target} > 2.0'}[kind]

    def update(self, kind, env, target, depth, loop_vars):
        shape, index_kind = env[target], None
        if kind == 'inplace':
            op = self.pick(['+=', '-=', '*='])
            self.emit(depth, f'{target} {op} {self.rhs(env, shape)}')
        elif kind in ('setitem', 'augitem'):
            index_kind, index = self.index(target, shape, loop_vars)
            op = '=' if kind == 'setitem' else self.pick(['+=', '*='])
            self.emit(depth, f'{target}[{index}] {op} {self.pick(["0.5", "-2.0", "7.0"])}')
        else:
            other = self.pick(sorted(n for n in env if env[n] == shape))
            self.emit(depth, self.pick([f'{target}.fill(1.5)', f'np.copyto({target}, {other})',
                                        f'np.add({other}, 1.0, out={target})']))
        self.note_update(kind, target, index_kind)

    def compound(self, kind, env, depth, loop_vars):
        self.enclosing.append(kind)
        self.compound_statement(kind, env, depth, loop_vars)
        self.enclosing.pop()

    def compound_statement(self, kind, env, depth, loop_vars):
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


def generate(pick, with_global=False):
    """(source of `program(a, b, n, t)`, the constructs, index kinds and made kinds it uses);
    with `with_global`, in a module with the global array `g`, which the program updates."""
    program = Program(pick)
    env = {'v0': MATRIX, 'v1': MATRIX}
    program.emit(1, 'v0, v1 = a, b')
    if with_global:
        env['g'] = MATRIX
        program.of_global.add('g')
    if pick([True, False]):  # start from an array the function makes too
        program.used.add('made')
        env['v2'] = pick([MATRIX, ROW])
        program.emit(1, f"v2 = {program.made(env['v2'])}")
    for _ in range(pick([2, 3, 4, 5])):
        program.statement(env, 1, [])
    program.emit(1, f"return ({', '.join(sorted(env))},)")
    if 'g inplace' in program.used:  # `g += x` binds the name `g`: the global one
        program.lines.insert(0, '    global g')
    source = ('import numpy as np\n\n' + (_GLOBAL if with_global else '\n')
              + 'def program(a, b, n, t):\n' + '\n'.join(program.lines) + '\n')
    return source, program.used
