"""Classes and closures: methods, super(), attributes as loop state, nested functions."""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())

counter = 0


class Account:
    """A bank account."""

    fee = 1

    def __init__(self, owner, balance=0):
        with ag__.FunctionScope('__init__', 'fscope', ag__.STD) as fscope:
            self.owner = owner
            self.balance = balance

    def deposit_all(self, amounts):
        with ag__.FunctionScope('deposit_all', 'fscope', ag__.STD) as fscope:
            amount: ag__.local

            def get_state():
                return (ag__.ldu(lambda: self.balance, 'self.balance'),)

            def set_state(vars_):
                (self.balance,) = vars_

            def loop_body(itr):
                nonlocal amount
                amount = itr
                ag__.if_stmt(amount > 0, if_body_1, None, get_state, set_state, ('self.balance',),
                    1)

            def if_body_1():
                self.balance += amount
            ag__.for_stmt(amounts, None, loop_body, get_state, set_state, ('self.balance',),
                {'iterate_names': 'amount'})
            return self.balance

    def __repr__(self):
        with ag__.FunctionScope('__repr__', 'fscope', ag__.STD) as fscope:
            return f'Account({self.owner!r}, {self.balance})'


class Savings(Account):
    def __repr__(self):
        with ag__.FunctionScope('__repr__', 'fscope', ag__.STD) as fscope:
            do_return = False
            retval_ = ag__.UndefinedReturnValue()

            def get_state():
                return (do_return, retval_)

            def set_state(vars_):
                nonlocal do_return, retval_
                (do_return, retval_) = vars_

            def if_body():
                nonlocal do_return, retval_
                retval_ = 'rich ' + ag__.converted_call(super(__class__, self).__repr__, (), None,
                    fscope)
                do_return = True

            def else_body():
                nonlocal do_return, retval_
                retval_ = ag__.converted_call(super(__class__, self).__repr__, (), None, fscope)
                do_return = True
            ag__.if_stmt(self.balance > 100, if_body, else_body, get_state, set_state,
                ('do_return', 'retval_'), 2)
            return fscope.ret(retval_, do_return)


def count_calls(n):
    global counter
    with ag__.FunctionScope('count_calls', 'fscope', ag__.STD) as fscope:

        def get_state():
            return (counter,)

        def set_state(vars_):
            global counter
            (counter,) = vars_

        def loop_body(itr):
            global counter
            _ = itr
            counter += 1
        ag__.for_stmt(ag__.converted_call(range, (n,), None, fscope), None, loop_body, get_state,
            set_state, ('counter',), {'iterate_names': '_'})
        return counter


def make_adder(step):
    with ag__.FunctionScope('make_adder', 'fscope', ag__.STD) as fscope:
        total = 0

        def add(x):
            nonlocal total
            with ag__.FunctionScope('add', 'fscope', ag__.STD) as fscope:

                def get_state():
                    return (total,)

                def set_state(vars_):
                    nonlocal total
                    (total,) = vars_

                def if_body():
                    nonlocal total
                    total += x * step
                ag__.if_stmt(x, if_body, None, get_state, set_state, ('total',), 1)
                return total

        return add


def make_handler(kind):
    with ag__.FunctionScope('make_handler', 'fscope', ag__.STD) as fscope:
        Handler: ag__.local
        handle: ag__.local

        def get_state():
            return (ag__.ldu(lambda: Handler, 'Handler'), ag__.ldu(lambda: handle, 'handle'))

        def set_state(vars_):
            nonlocal Handler, handle
            (Handler, handle) = vars_

        def if_body():
            nonlocal handle
            @ag__.qualname('make_handler.<locals>.handle')
            def handle(text):
                with ag__.FunctionScope('handle', 'fscope', ag__.STD) as fscope:
                    return ag__.converted_call(text.upper, (), None, fscope)

        def else_body():
            nonlocal Handler, handle
            @ag__.qualname('make_handler.<locals>.Handler')
            class Handler:
                def __call__(self, text):
                    with ag__.FunctionScope('__call__', 'fscope', ag__.STD) as fscope:
                        return text
            handle = ag__.converted_call(Handler, (), None, fscope)
        ag__.if_stmt(kind == 'upper', if_body, else_body, get_state, set_state,
            ('Handler', 'handle'), 2)
        return handle
__ag_source_map__ = ag__.SourceMap('classes.py', '1:1,6:2,15=10,16:11,20=14,23=15,32=16,36:17,37=15,39:18,42=20,43:21,48=25,52=26,61=27,65=28,69=26,71=25,72:29,76=31,78=33,88:34,89=33,91:35,95=38,96:39,100=41,102=43,111:44,112=43,113:45,119=50,123=51,132:52,133:52,134=52,135:53,137=54,139:55,140:55,142=56,143:57,145=51,147:59', '5f9b471d4b658918')
