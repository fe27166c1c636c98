"""Nested functions and classes defined inside loops and ifs: their __qualname__, __name__ and closures."""


def defined_in_if(flag):
    if flag:
        def helper():
            """The true branch's helper."""
            return 'true branch'
    else:
        def helper():
            return 'false branch'
    return helper(), helper.__name__, helper.__qualname__, helper.__doc__


def defined_in_loop(n):
    made = []
    for i in range(n):
        def step(x, _i=i):
            return x + _i
        made.append((step.__qualname__, step(100)))
    return made


def defined_in_while(limit):
    funcs = {}
    k = 0
    while k < limit:
        if k % 2:
            def odd():
                return 'odd'
            funcs[k] = odd
        else:
            funcs[k] = lambda: 'even'
        k += 1
    return [(key, f.__qualname__, f()) for key, f in funcs.items()]


def class_in_function(kind):
    if kind == 'point':
        class Shape:
            def area(self):
                return 0
    else:
        class Shape:
            sides = 4

            def area(self):
                return self.sides * 2
    s = Shape()
    return Shape.__qualname__, Shape.area.__qualname__, s.area()


def deeply_nested():
    def level1():
        def level2():
            def level3():
                return level3.__qualname__
            return level3()
        return level2()
    return level1()


class Outer:
    def method(self, n):
        found = []
        for i in range(n):
            if i % 2 == 0:
                def inner():
                    return i
                found.append((inner.__qualname__, inner()))
        return found

    class Nested:
        def where(self):
            def here():
                return here.__qualname__
            return type(self).__qualname__, here()


def method_qualnames():
    return Outer().method(3), Outer.Nested().where(), Outer.method.__qualname__


def lambda_qualnames():
    pick = [lambda: 1, (lambda: lambda: 2)()]
    return [f.__qualname__ for f in pick]


def code_names(flag):
    if flag:
        def f():
            pass
    else:
        f = None
    return (f.__code__.co_name if f else None), (f.__name__ if f else None)


CASES = [
    ('defined_in_if', (True,), {}),
    ('defined_in_if', (False,), {}),
    ('defined_in_loop', (3,), {}),
    ('defined_in_while', (3,), {}),
    ('class_in_function', ('point',), {}),
    ('class_in_function', ('square',), {}),
    ('deeply_nested', (), {}),
    ('method_qualnames', (), {}),
    ('lambda_qualnames', (), {}),
    ('code_names', (True,), {}),
    ('code_names', (False,), {}),
]
