"""dataclasses: __post_init__ validation, ordering, default factories, frozen instances, methods with loops."""
from dataclasses import dataclass, field, FrozenInstanceError, replace


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    patch: int = 0

    @classmethod
    def parse(cls, text):
        parts = text.split('.')
        if not 1 <= len(parts) <= 3:
            raise ValueError(f'bad version {text!r}')
        numbers = []
        for p in parts:
            if not p.isdigit():
                raise ValueError(f'bad component {p!r} in {text!r}')
            numbers.append(int(p))
        return cls(*numbers)

    def bump(self, part):
        if part == 'major':
            return Version(self.major + 1)
        elif part == 'minor':
            return Version(self.major, self.minor + 1)
        return replace(self, patch=self.patch + 1)


@dataclass
class Basket:
    owner: str
    items: list = field(default_factory=list)
    discount: float = 0.0

    def __post_init__(self):
        if not 0 <= self.discount < 1:
            raise ValueError('discount must be in [0, 1)')

    def add(self, name, price, qty=1):
        for _ in range(qty):
            self.items.append((name, price))
        return self

    def total(self):
        subtotal = sum(price for _, price in self.items)
        return round(subtotal * (1 - self.discount), 2)


@dataclass(frozen=True)
class Point:
    x: float
    y: float

    def moved(self, dx, dy):
        return Point(self.x + dx, self.y + dy)


def newest(texts):
    versions = []
    for t in texts:
        try:
            versions.append(Version.parse(t))
        except ValueError as e:
            print('skip:', e)
    return max(versions) if versions else None, sorted(versions)


def bumps(text):
    v = Version.parse(text)
    return [v.bump(p) for p in ('major', 'minor', 'patch')]


def baskets():
    a = Basket('ann').add('tea', 2.5, qty=2).add('cake', 4)
    b = Basket('bob', discount=0.1)
    b.add('tea', 2.5)
    return a.total(), b.total(), a == Basket('ann', list(a.items)), repr(b)


def bad_basket():
    return Basket('x', discount=1.5)


def frozen_point():
    p = Point(1, 2)
    q = p.moved(1, 1)
    try:
        p.x = 5
    except FrozenInstanceError as e:
        error = type(e).__name__
    return p, q, error, hash(p) == hash(Point(1, 2))


CASES = [
    ('newest', (['1.2', '1.10.1', 'x.1', '1.2.3.4', '0.9'],), {}),
    ('newest', ([],), {}),
    ('bumps', ('2.3.4',), {}),
    ('baskets', (), {}),
    ('bad_basket', (), {}),
    ('frozen_point', (), {}),
]
