"""A small bank-account model: classes, validation errors, transaction loops, rollback with try/except."""


class InsufficientFunds(Exception):
    def __init__(self, account, amount):
        super().__init__(f'{account.owner} cannot withdraw {amount}: balance is {account.balance}')
        self.shortfall = amount - account.balance


class Account:
    interest_rate = 0.01

    def __init__(self, owner, balance=0):
        if balance < 0:
            raise ValueError('opening balance must not be negative')
        self.owner = owner
        self.balance = balance
        self.history = []

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError(f'deposit must be positive, got {amount}')
        self.balance += amount
        self.history.append(('deposit', amount))
        return self.balance

    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(self, amount)
        self.balance -= amount
        self.history.append(('withdraw', amount))
        return self.balance

    def __repr__(self):
        return f'Account({self.owner!r}, {self.balance})'


class SavingsAccount(Account):
    interest_rate = 0.03
    max_withdrawals = 2

    def withdraw(self, amount):
        count = sum(1 for kind, _ in self.history if kind == 'withdraw')
        if count >= self.max_withdrawals:
            raise PermissionError(f'only {self.max_withdrawals} withdrawals allowed')
        return super().withdraw(amount)

    def add_interest(self, years):
        for _ in range(years):
            self.balance = round(self.balance * (1 + self.interest_rate), 2)
        return self.balance


def transfer(source, target, amount):
    source.withdraw(amount)
    try:
        target.deposit(amount)
    except ValueError:
        # Roll the withdrawal back, then let the caller know.
        source.balance += amount
        source.history.pop()
        raise
    return source.balance, target.balance


def run_ledger(operations):
    accounts = {'alice': Account('alice', 100), 'bob': SavingsAccount('bob', 50)}
    log = []
    for op, *args in operations:
        try:
            if op == 'transfer':
                src, dst, amount = args
                result = transfer(accounts[src], accounts[dst], amount)
            elif op == 'interest':
                result = accounts[args[0]].add_interest(args[1])
            else:
                result = getattr(accounts[args[0]], op)(*args[1:])
        except InsufficientFunds as e:
            log.append(('short', e.shortfall, str(e)))
        except (ValueError, PermissionError, AttributeError) as e:
            log.append((type(e).__name__, str(e)))
        else:
            log.append(('ok', result))
    return log, sorted(accounts.values(), key=lambda a: a.owner)


def open_negative():
    return Account('eve', -5)


CASES = [
    ('run_ledger', ([('deposit', 'alice', 25), ('withdraw', 'bob', 10), ('transfer', 'alice', 'bob', 500),
                     ('transfer', 'alice', 'bob', 20), ('withdraw', 'bob', 1), ('withdraw', 'bob', 1),
                     ('interest', 'bob', 2), ('interest', 'alice', 1), ('deposit', 'alice', -1),
                     ('transfer', 'alice', 'bob', 0)],), {}),
    ('open_negative', (), {}),
]
