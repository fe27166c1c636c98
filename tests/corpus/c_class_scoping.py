"""Name resolution: class bodies, comprehensions in class bodies, globals vs enclosing scopes, loops in class bodies."""

label = 'module'


class Settings:
    label = 'class'
    names = ['a', 'b']
    # A comprehension's iterable is evaluated in the class scope, but its body is not.
    upper = [n.upper() for n in names]
    # The body sees the module's `label`, not the class attribute.
    tagged = [label + ':' + n for n in names]
    squares = {}
    for i in range(3):
        if i:
            squares[i] = i * i
    del i

    def method(self):
        # Methods do not see class attributes as bare names either.
        return label, self.label


def class_results():
    s = Settings()
    return Settings.upper, Settings.tagged, Settings.squares, s.method(), hasattr(Settings, 'i')


def enclosing_vs_global():
    label = 'enclosing'

    def inner():
        return label

    def uses_global():
        global label
        return label

    return inner(), uses_global()


def class_in_function_sees_locals(n):
    factor = n

    class Scaled:
        value = factor * 2
        items = [factor + k for k in range(2)]

        def get(self):
            return factor * 3

    return Scaled.value, Scaled.items, Scaled().get()


def locals_in_loop_body(n):
    class Box:
        pass
    boxes = []
    for i in range(n):
        b = Box()
        b.index = i
        if i % 2:
            b.kind = 'odd'
        boxes.append(vars(b))
    return boxes


def change_module_label(value):
    global label
    old = label
    label = value
    return old, Settings().method()


CASES = [
    ('class_results', (), {}),
    ('enclosing_vs_global', (), {}),
    ('class_in_function_sees_locals', (5,), {}),
    ('locals_in_loop_body', (3,), {}),
    ('change_module_label', ('changed',), {}),
    ('class_results', (), {}),
]
