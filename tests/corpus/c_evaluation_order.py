"""Evaluation order: arguments, operands, subscripts and attribute chains, each step printed."""


def trace(label, value=None):
    print('->', label)
    return label if value is None else value


class Chain:
    def __init__(self, name):
        self.name = name

    def step(self, label):
        print(f'{self.name}.step({label})')
        return Chain(f'{self.name}.{label}')

    def __getattr__(self, attr):
        print(f'getattr {attr}')
        return Chain(f'{self.name}:{attr}')


def call_arguments():
    def f(*args, **kwargs):
        return len(args), sorted(kwargs)
    return f(trace('a'), trace('b'), x=trace('x'), *[trace('star')], **{trace('kw'): 1})


def binary_operands():
    return trace('left', 2) * trace('mid', 3) + trace('right', 4) ** trace('exp', 2)


def subscript_store():
    data = {}
    target = trace('container', data)
    target[trace('key')] = trace('value')
    return data


def assignment_order():
    # The right-hand side runs first, then targets left to right.
    holder = {}
    holder[trace('k1')], holder[trace('k2')] = trace('v1'), trace('v2')
    return holder


def method_chain():
    c = Chain('root')
    return c.step('one').dynamic.step('two').name


def dict_and_list_displays():
    return {trace('k1'): trace('v1'), trace('k2'): trace('v2')}, [trace('i1'), trace('i2')]


def comparison_operands():
    return trace('a', 1) < trace('b', 2) > trace('c', 0)


def conditional_in_args(flag):
    return max(trace('x', 1), trace('y', 5) if flag else trace('z', -1))


def failing_argument():
    def f(a, b, c):
        return a, b, c
    return f(trace('first'), 1 / 0, trace('never'))


CASES = [
    ('call_arguments', (), {}),
    ('binary_operands', (), {}),
    ('subscript_store', (), {}),
    ('assignment_order', (), {}),
    ('method_chain', (), {}),
    ('dict_and_list_displays', (), {}),
    ('comparison_operands', (), {}),
    ('conditional_in_args', (True,), {}),
    ('conditional_in_args', (False,), {}),
    ('failing_argument', (), {}),
]
