"""Seed guide's control flow: break, continue and return inside loops, on Python and numpy values."""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())

import numpy as np

import runtime as rt


def first_negative(values):
    """Index of the first negative value, or -1: `return` from inside a loop."""
    with ag__.FunctionScope('first_negative', 'fscope', ag__.STD) as fscope:
        i: ag__.local
        do_return = False
        retval_ = ag__.UndefinedReturnValue()

        def get_state():
            return (do_return, retval_)

        def set_state(vars_):
            nonlocal do_return, retval_
            (do_return, retval_) = vars_

        def loop_body(itr):
            nonlocal i
            i, v = itr
            ag__.if_stmt(v < 0, if_body_1, None, get_state, set_state, ('do_return', 'retval_'), 2)

        def extra_test():
            return ag__.not_(do_return)

        def if_body_1():
            nonlocal do_return, retval_
            retval_ = i
            do_return = True
        ag__.for_stmt(ag__.converted_call(enumerate, (values,), None, fscope), extra_test,
            loop_body, get_state, set_state, ('do_return', 'retval_'), {'iterate_names': 'i, v'})

        def if_body_2():
            nonlocal do_return, retval_
            retval_ = -1
            do_return = True
        ag__.if_stmt(ag__.not_(do_return), if_body_2, None, get_state, set_state,
            ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


def sum_until_limit(values, limit):
    """Sum of the leading values while it stays under `limit`: `break` and loop `else`."""
    with ag__.FunctionScope('sum_until_limit', 'fscope', ag__.STD) as fscope:
        v: ag__.local
        total = 0
        break_ = False

        def get_state():
            return (break_, total)

        def set_state(vars_):
            nonlocal break_, total
            (break_, total) = vars_

        def loop_body(itr):
            nonlocal v
            v = itr
            ag__.if_stmt(total + v > limit, if_body_1, else_body_1, get_state, set_state,
                ('break_', 'total'), 2)

        def extra_test():
            return ag__.not_(break_)

        def if_body_1():
            nonlocal break_
            break_ = True

        def else_body_1():
            nonlocal total
            total += v

        def if_body_2():
            ag__.converted_call(print, ('never reached the limit',), None, fscope)
        ag__.for_stmt(values, extra_test, loop_body, get_state, set_state, ('break_', 'total'),
            {'iterate_names': 'v'})
        ag__.if_stmt(ag__.not_(break_), if_body_2, None, None, None, (), 0)
        return total


def sum_of_odds(n):
    """`continue` in a while loop."""
    with ag__.FunctionScope('sum_of_odds', 'fscope', ag__.STD) as fscope:
        i = 0
        total = 0

        def get_state():
            return (i, total)

        def set_state(vars_):
            nonlocal i, total
            (i, total) = vars_

        def loop_test():
            return i < n

        def loop_body():
            nonlocal i
            i += 1
            ag__.if_stmt(ag__.not_(i % 2 == 0), if_body_1, None, get_state_1, set_state_1,
                ('total',), 1)

        def get_state_1():
            return (total,)

        def set_state_1(vars_):
            nonlocal total
            (total,) = vars_

        def if_body_1():
            nonlocal total
            total += i
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('i', 'total'), {})
        return total


if __name__ == '__main__':
    print(first_negative([3, 1, -4, 1]), first_negative([1, 2]))
    print(sum_until_limit([5, 4, 3, 2], 10), sum_until_limit([1, 2], 10))
    print(sum_of_odds(10))
    # the same functions traced into graphs, on numpy values
    print(rt.function(sum_of_odds)(np.int64(10)))
    print(rt.function(first_negative)(np.array([3, 1, -4, 1])))
    print(rt.function(sum_until_limit)(np.array([5, 4, 3, 2]), np.int64(10)))
__ag_source_map__ = ag__.SourceMap('../loops.py', '1:1,6:2,13=7,18=9,28=10,30=9,33=10,35=11,37=9,40=12,46=7,47:13,51=15,53:17,54=18,66=19,69=18,72=19,74=20,76=21,78:21,80=23,81:23,82=18,84=23,85:24,90=27,91:29,94=31,106:32,107=33,119:35,120=31,121:36', '890c4ad6283a83b8')
