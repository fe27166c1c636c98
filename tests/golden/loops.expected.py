"""Loops: while, for, break, continue, else clauses, and returns inside loops."""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())


def collatz_steps(n):
    """How many steps the Collatz sequence of n takes to reach 1."""
    with ag__.FunctionScope('collatz_steps', 'fscope', ag__.STD) as fscope:
        steps = 0

        def get_state():
            return (n, steps)

        def set_state(vars_):
            nonlocal n, steps
            (n, steps) = vars_

        def loop_test():
            return n != 1

        def loop_body():
            nonlocal steps
            ag__.if_stmt(n % 2 == 0, if_body_1, else_body_1, get_state_1, set_state_1, ('n',), 1)
            steps += 1

        def get_state_1():
            return (n,)

        def set_state_1(vars_):
            nonlocal n
            (n,) = vars_

        def if_body_1():
            nonlocal n
            n = n // 2  # even: halve

        def else_body_1():
            nonlocal n
            n = 3 * n + 1
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('n', 'steps'), {})
        return steps


def first_negative(values):
    with ag__.FunctionScope('first_negative', 'fscope', ag__.STD) as fscope:
        index: ag__.local
        value: ag__.local
        do_return = False
        retval_ = ag__.UndefinedReturnValue()

        # a return inside a loop stops the loop
        def get_state():
            return (do_return, retval_)

        def set_state(vars_):
            nonlocal do_return, retval_
            (do_return, retval_) = vars_

        def loop_body(itr):
            nonlocal index, value
            index, value = itr
            ag__.if_stmt(value < 0, if_body_1, None, get_state, set_state,
                ('do_return', 'retval_'), 2)

        def extra_test():
            return ag__.not_(do_return)

        def if_body_1():
            nonlocal do_return, retval_
            retval_ = index, value
            do_return = True
        ag__.for_stmt(ag__.converted_call(enumerate, (values,), None, fscope), extra_test,
            loop_body, get_state, set_state, ('do_return', 'retval_'),
            {'iterate_names': 'index, value'})

        def if_body_2():
            nonlocal do_return, retval_

            retval_ = None
            do_return = True
        ag__.if_stmt(ag__.not_(do_return), if_body_2, None, get_state, set_state,
            ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


def sum_positive(values, limit):
    with ag__.FunctionScope('sum_positive', 'fscope', ag__.STD) as fscope:
        value: ag__.local
        total = 0
        break_ = False

        def get_state():
            return (break_, total)

        def set_state(vars_):
            nonlocal break_, total
            (break_, total) = vars_

        def loop_body(itr):
            nonlocal value
            value = itr
            ag__.if_stmt(ag__.not_(value <= 0), if_body_1, None, get_state, set_state,
                ('break_', 'total'), 2)

        def extra_test():
            return ag__.not_(break_)

        def if_body_1():
            ag__.if_stmt(total + value > limit, if_body_2, else_body_2, get_state, set_state,
                ('break_', 'total'), 2)

        def if_body_2():
            nonlocal break_
            break_ = True

        def else_body_2():
            nonlocal total
            total += value

        def get_state_3():
            return (total,)

        def set_state_3(vars_):
            nonlocal total
            (total,) = vars_

        def if_body_3():
            nonlocal total
            # ran to the end without a break
            total = -total
        ag__.for_stmt(values, extra_test, loop_body, get_state, set_state, ('break_', 'total'),
            {'iterate_names': 'value'})
        ag__.if_stmt(ag__.not_(break_), if_body_3, None, get_state_3, set_state_3, ('total',), 1)
        return total


def countdown(n):
    with ag__.FunctionScope('countdown', 'fscope', ag__.STD) as fscope:
        out = []

        def get_state():
            return (n, out)

        def set_state(vars_):
            nonlocal n, out
            (n, out) = vars_

        def loop_test():
            return n > 0

        def loop_body():
            nonlocal n
            n -= 1
            ag__.if_stmt(ag__.not_(n == 2), if_body_1, None, get_state_1, set_state_1, ('out',), 1)

        def get_state_1():
            return (out,)

        def set_state_1(vars_):
            nonlocal out
            (out,) = vars_

        def if_body_1():
            nonlocal out
            out = ag__.list_append(out, n)
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('n', 'out'), {})
        out = ag__.list_append(out, 'liftoff')
        return out


def grid_search(rows, target):
    with ag__.FunctionScope('grid_search', 'fscope', ag__.STD) as fscope:
        break_: ag__.local
        i: ag__.local
        j: ag__.local
        found = None
        break_1 = False

        def get_state():
            return (break_1, found)

        def set_state(vars_):
            nonlocal break_1, found
            (break_1, found) = vars_

        def loop_body(itr):
            nonlocal break_, i
            i, row = itr
            break_ = False
            ag__.for_stmt(ag__.converted_call(enumerate, (row,), None, fscope), extra_test_1,
                loop_body_1, get_state_1, set_state_1, ('break_', 'found'),
                {'iterate_names': 'j, cell'})
            ag__.if_stmt(found is not None, if_body_3, None, get_state_3, set_state_3,
                ('break_1',), 1)

        def extra_test():
            return ag__.not_(break_1)

        def get_state_1():
            return (break_, found)

        def set_state_1(vars_):
            nonlocal break_, found
            (break_, found) = vars_

        def loop_body_1(itr):
            nonlocal j
            j, cell = itr
            ag__.if_stmt(cell == target, if_body_2, None, get_state_1, set_state_1,
                ('break_', 'found'), 2)

        def extra_test_1():
            return ag__.not_(break_)

        def if_body_2():
            nonlocal break_, found
            found = (i, j)
            break_ = True

        def get_state_3():
            return (break_1,)

        def set_state_3(vars_):
            nonlocal break_1
            (break_1,) = vars_

        def if_body_3():
            nonlocal break_1
            break_1 = True
        ag__.for_stmt(ag__.converted_call(enumerate, (rows,), None, fscope), extra_test, loop_body,
            get_state, set_state, ('break_1', 'found'), {'iterate_names': 'i, row'})
        return found
__ag_source_map__ = ag__.SourceMap('loops.py', '1:1,5:2,9=4,10:6,12=7,24=8,25:12,27=8,36:9,38=10,40:11,41=7,42:13,46=16,53=18,63=19,66=18,69=19,71=20,73=18,77=22,84=16,85:23,88=25,90:26,91=27,103=28,106=27,109=28,110=30,115=31,117=32,119:32,121=35,130:34,132=27,134=35,135:36,139=39,140:40,142=41,154:42,155=43,166:45,167=41,168:47,173=51,177:52,178=53,190=54,194=58,197=53,200=54,210=55,213=54,216=55,218:56,219=57,221=58,230=59,231=53,233:60', '050707c87ede0244')
