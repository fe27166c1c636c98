"""match statements: class patterns, __match_args__, guards, OR patterns and returns from cases."""
from dataclasses import dataclass


@dataclass
class Point:
    x: int
    y: int


@dataclass
class Circle:
    center: Point
    radius: int


class Rect:
    __match_args__ = ('width', 'height')

    def __init__(self, width, height):
        self.width = width
        self.height = height

    def __repr__(self):
        return f'Rect({self.width}, {self.height})'


def area(shape):
    match shape:
        case Circle(radius=r) if r < 0:
            raise ValueError(f'negative radius {r}')
        case Circle(Point(0, 0), r):
            return ('centred circle', 3 * r * r)
        case Circle(_, r):
            return ('circle', 3 * r * r)
        case Rect(w, h) if w == h:
            return ('square', w * w)
        case Rect(w, h):
            return ('rect', w * h)
        case Point():
            return ('point', 0)
        case int() | float() as number:
            return ('number', number)
        case _:
            return ('unknown', type(shape).__name__)


def quadrant(p):
    match p:
        case Point(x=0, y=0):
            where = 'origin'
        case Point(x=0):
            where = 'y axis'
        case Point(y=0):
            where = 'x axis'
        case Point(x=x, y=y) if x > 0 and y > 0:
            where = 'first'
        case Point(x, y) if x < 0 < y:
            where = 'second'
        case Point():
            where = 'lower half'
    return where


def total_area(shapes):
    total = 0
    for s in shapes:
        match area(s):
            case ('unknown', name):
                print('skipping', name)
                continue
            case (_, 0):
                break
            case (kind, value):
                total += value
    return total


def build(spec):
    match spec:
        case ('point', x, y):
            return Point(x, y)
        case ('circle', x, y, r):
            return Circle(Point(x, y), r)
        case ('rect', w, h):
            return Rect(w, h)
    return None


def describe_all(specs):
    return [area(build(s)) for s in specs]


CASES = [
    ('area', (Circle(Point(0, 0), 2),), {}),
    ('area', (Circle(Point(1, 0), 1),), {}),
    ('area', (Circle(Point(1, 0), -1),), {}),
    ('area', (Rect(3, 3),), {}),
    ('area', (Rect(2, 5),), {}),
    ('area', (Point(1, 1),), {}),
    ('area', (2.5,), {}),
    ('area', ('text',), {}),
    ('quadrant', (Point(0, 0),), {}),
    ('quadrant', (Point(0, 5),), {}),
    ('quadrant', (Point(5, 0),), {}),
    ('quadrant', (Point(1, 2),), {}),
    ('quadrant', (Point(-1, 2),), {}),
    ('quadrant', (Point(-1, -2),), {}),
    ('quadrant', ('nowhere',), {}),
    ('total_area', ([Rect(1, 2), 'x', Circle(Point(1, 1), 1), Point(0, 0), Rect(9, 9)],), {}),
    ('describe_all', ([('point', 1, 2), ('circle', 0, 0, 1), ('rect', 2, 2), ('blob',)],), {}),
]
