"""super() in methods, inside loops and ifs, cooperative multiple inheritance and the MRO."""


class Base:
    def __init__(self, name):
        self.name = name
        self.log = []

    def describe(self):
        return f'Base({self.name})'

    def handle(self, item):
        self.log.append(('base', item))
        return item


class Filtered(Base):
    """Only passes some items on to the base class."""

    def __init__(self, name, allowed):
        super().__init__(name)
        self.allowed = set(allowed)

    def handle(self, item):
        if item in self.allowed:
            return super().handle(item)
        self.log.append(('dropped', item))
        return None

    def handle_all(self, items):
        results = []
        for item in items:
            if isinstance(item, int):
                # super() inside a loop inside an if: the zero-argument form needs __class__.
                results.append(super().handle(item * 10))
            else:
                results.append(self.handle(item))
        return results

    def describe(self):
        inner = super().describe()
        return f'Filtered[{inner}]'


class Loud(Filtered):
    def describe(self):
        parts = []
        while len(parts) < 2:
            parts.append(super().describe().upper())
        return ' & '.join(parts)


def filtering(items):
    f = Filtered('f', 'ab')
    out = f.handle_all(items)
    return out, f.log, f.describe()


def loud():
    return Loud('x', '').describe()


# Cooperative multiple inheritance: every class calls super() exactly once.
class Root:
    def setup(self, trace):
        trace.append('Root')
        return trace


class Left(Root):
    def setup(self, trace):
        trace.append('Left')
        return super().setup(trace)


class Right(Root):
    def setup(self, trace):
        if trace:
            trace.append('Right(after ' + trace[-1] + ')')
        else:
            trace.append('Right')
        return super().setup(trace)


class Diamond(Left, Right):
    def setup(self, trace):
        trace.append('Diamond')
        return super().setup(trace)


def diamond():
    return Diamond().setup([]), [c.__name__ for c in Diamond.__mro__]


class Shape:
    sides = 0

    def __init__(self, **kwargs):
        self.extra = kwargs

    def __str__(self):
        return f'{type(self).__name__} with {self.sides} sides'


class Square(Shape):
    sides = 4

    def __init__(self, size, **kwargs):
        super().__init__(**kwargs)
        self.size = size

    def __str__(self):
        text = super().__str__()
        if self.extra:
            text += ' ' + ','.join(f'{k}={v}' for k, v in self.extra.items())
        return text


def squares(sizes):
    return [str(Square(s, colour='red') if s > 1 else Square(s)) for s in sizes]


def super_outside_class():
    try:
        super()
    except RuntimeError as e:
        return str(e)


def explicit_super():
    return super(Filtered, Filtered('e', 'e')).describe()


CASES = [
    ('filtering', (['a', 1, 'z', 'b', 2],), {}),
    ('loud', (), {}),
    ('diamond', (), {}),
    ('squares', ([1, 2, 3],), {}),
    ('super_outside_class', (), {}),
    ('explicit_super', (), {}),
]
