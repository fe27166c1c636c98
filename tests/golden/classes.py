"""Classes and closures: methods, super(), attributes as loop state, nested functions."""
counter = 0


class Account:
    """A bank account."""

    fee = 1

    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance

    def deposit_all(self, amounts):
        for amount in amounts:
            if amount > 0:
                self.balance += amount
        return self.balance

    def __repr__(self):
        return f'Account({self.owner!r}, {self.balance})'


class Savings(Account):
    def __repr__(self):
        if self.balance > 100:
            return 'rich ' + super().__repr__()
        return super().__repr__()


def count_calls(n):
    global counter
    for _ in range(n):
        counter += 1
    return counter


def make_adder(step):
    total = 0

    def add(x):
        nonlocal total
        if x:
            total += x * step
        return total

    return add


def make_handler(kind):
    if kind == 'upper':
        def handle(text):
            return text.upper()
    else:
        class Handler:
            def __call__(self, text):
                return text
        handle = Handler()
    return handle
