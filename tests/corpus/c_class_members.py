"""staticmethods, classmethods and properties (with setters that validate), used from loops."""


class Temperature:
    """A temperature stored in Celsius."""

    instances = 0

    def __init__(self, celsius=0.0):
        self.celsius = celsius
        Temperature.instances += 1

    def __repr__(self):
        return f'Temperature({self._celsius:.2f})'

    @property
    def celsius(self):
        return self._celsius

    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError(f'{value} is below absolute zero')
        self._celsius = value

    @property
    def fahrenheit(self):
        """Derived; read-only."""
        return self._celsius * 9 / 5 + 32

    @classmethod
    def from_fahrenheit(cls, f):
        return cls((f - 32) * 5 / 9)

    @staticmethod
    def describe(c):
        if c < 0:
            return 'freezing'
        elif c < 25:
            return 'mild'
        return 'hot'


class Counter:
    total = 0

    @staticmethod
    def run(n, step=1):
        acc = []
        for i in range(0, n, step):
            acc.append(Counter.bump(i))
        return acc

    @classmethod
    def bump(cls, by):
        cls.total += by
        return cls.total

    @classmethod
    def reset(cls):
        old, cls.total = cls.total, 0
        return old


def temperatures(values):
    out = []
    for v in values:
        t = Temperature(v)
        out.append((round(t.fahrenheit, 2), Temperature.describe(t.celsius)))
    return out


def convert_back(fs):
    return [round(Temperature.from_fahrenheit(f).celsius, 3) for f in fs]


def bad_temperature():
    t = Temperature(10)
    t.celsius = -300
    return t.celsius


def read_only():
    t = Temperature()
    t.fahrenheit = 1


def instance_count():
    return Temperature.instances


class Sub(Counter):
    total = 100


def subclass_classmethod():
    before = Sub.total
    Sub.bump(5)
    return before, Sub.total, Counter.total


CASES = [
    ('temperatures', ([-5, 20, 30.5],), {}),
    ('convert_back', ([32, 212, -40],), {}),
    ('bad_temperature', (), {}),
    ('read_only', (), {}),
    ('instance_count', (), {}),
    ('Counter.run', (5,), {}),
    ('Counter.run', (10,), {'step': 4}),
    ('Counter.reset', (), {}),
    ('Temperature.describe', (-1,), {}),
    ('Temperature.from_fahrenheit', (50,), {}),
    ('subclass_classmethod', (), {}),
]
