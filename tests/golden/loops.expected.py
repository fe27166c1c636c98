"""Loops: while, for, break, continue, else clauses, and returns inside loops."""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())


def collatz_steps(n):
    """How many steps the Collatz sequence of n takes to reach 1."""
    with ag__.FunctionScope('collatz_steps', 'fscope', ag__.STD) as fscope:
        steps = 0

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
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('n', 'steps'), {})
        return steps


def first_negative(values):
    with ag__.FunctionScope('first_negative', 'fscope', ag__.STD) as fscope:
        index: ag__.local
        value: ag__.local
        do_return = False
        retval_ = ag__.UndefinedReturnValue()

        # a return inside a loop stops the loop
        def get_state_1():
            return (do_return, retval_)

        def set_state_1(vars_):
            nonlocal do_return, retval_
            (do_return, retval_) = vars_

        def if_body_1():
            nonlocal do_return, retval_
            retval_ = index, value; do_return = True

        def get_state():
            return (do_return, retval_)

        def set_state(vars_):
            nonlocal do_return, retval_
            (do_return, retval_) = vars_

        def loop_body(itr):
            nonlocal index, value
            index, value = itr
            ag__.if_stmt(value < 0, if_body_1, None, get_state_1, set_state_1, ('do_return', 'retval_'), 2)

        def extra_test():
            return ag__.not_(do_return)
        ag__.for_stmt(ag__.converted_call(enumerate, (values,), None, fscope), extra_test, loop_body, get_state, set_state, ('do_return', 'retval_'), {'iterate_names': 'index, value'})

        def get_state_2():
            return (do_return, retval_)

        def set_state_2(vars_):
            nonlocal do_return, retval_
            (do_return, retval_) = vars_

        def if_body_2():
            nonlocal do_return, retval_

            retval_ = None; do_return = True
        ag__.if_stmt(ag__.not_(do_return), if_body_2, None, get_state_2, set_state_2, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


def sum_positive(values, limit):
    with ag__.FunctionScope('sum_positive', 'fscope', ag__.STD) as fscope:
        value: ag__.local
        total = 0
        break_ = False

        def get_state_2():
            return (break_, total)

        def set_state_2(vars_):
            nonlocal break_, total
            (break_, total) = vars_

        def if_body_2():
            nonlocal break_
            break_ = True

        def else_body_2():
            nonlocal total
            total += value

        def get_state_1():
            return (break_, total)

        def set_state_1(vars_):
            nonlocal break_, total
            (break_, total) = vars_

        def if_body_1():
            pass

        def else_body_1():
            ag__.if_stmt(total + value > limit, if_body_2, else_body_2, get_state_2, set_state_2, ('break_', 'total'), 2)

        def get_state():
            return (break_, total)

        def set_state(vars_):
            nonlocal break_, total
            (break_, total) = vars_

        def loop_body(itr):
            nonlocal value
            value = itr
            ag__.if_stmt(value <= 0, if_body_1, else_body_1, get_state_1, set_state_1, ('break_', 'total'), 2)

        def extra_test():
            return ag__.not_(break_)

        def get_state_3():
            return (total,)

        def set_state_3(vars_):
            nonlocal total
            (total,) = vars_

        def if_body_3():
            nonlocal total
            # ran to the end without a break
            total = -total
        ag__.for_stmt(values, extra_test, loop_body, get_state, set_state, ('break_', 'total'), {'iterate_names': 'value'})
        ag__.if_stmt(ag__.not_(break_), if_body_3, None, get_state_3, set_state_3, ('total',), 1)
        return total


def countdown(n):
    with ag__.FunctionScope('countdown', 'fscope', ag__.STD) as fscope:
        out = []

        def get_state_1():
            return (out,)

        def set_state_1(vars_):
            nonlocal out
            (out,) = vars_

        def if_body_1():
            pass

        def else_body_1():
            nonlocal out
            out = ag__.list_append(out, n)

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
            ag__.if_stmt(n == 2, if_body_1, else_body_1, get_state_1, set_state_1, ('out',), 1)
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

        def get_state_2():
            return (break_, found)

        def set_state_2(vars_):
            nonlocal break_, found
            (break_, found) = vars_

        def if_body_2():
            nonlocal break_, found
            found = (i, j)
            break_ = True

        def get_state_1():
            return (break_, found)

        def set_state_1(vars_):
            nonlocal break_, found
            (break_, found) = vars_

        def loop_body_1(itr):
            nonlocal j
            j, cell = itr
            ag__.if_stmt(cell == target, if_body_2, None, get_state_2, set_state_2, ('break_', 'found'), 2)

        def extra_test_1():
            return ag__.not_(break_)

        def get_state_3():
            return (break_1,)

        def set_state_3(vars_):
            nonlocal break_1
            (break_1,) = vars_

        def if_body_3():
            nonlocal break_1
            break_1 = True

        def get_state():
            return (break_1, found)

        def set_state(vars_):
            nonlocal break_1, found
            (break_1, found) = vars_

        def loop_body(itr):
            nonlocal break_, i
            i, row = itr
            break_ = False
            ag__.for_stmt(ag__.converted_call(enumerate, (row,), None, fscope), extra_test_1, loop_body_1, get_state_1, set_state_1, ('break_', 'found'), {'iterate_names': 'j, cell'})
            ag__.if_stmt(found is not None, if_body_3, None, get_state_3, set_state_3, ('break_1',), 1)

        def extra_test():
            return ag__.not_(break_1)
        ag__.for_stmt(ag__.converted_call(enumerate, (rows,), None, fscope), extra_test, loop_body, get_state, set_state, ('break_1', 'found'), {'iterate_names': 'i, row'})
        return found
__ag_source_map__ = ag__.SourceMap('loops.py', '1:1,5:2,9=4,10:6,12=8,21:9,23=10,25:11,27=7,39=8,40:12,41=7,42:13,46=16,53=19,62=20,64=18,74=19,76=18,80=22,92=16,93:23,96=25,98:26,99=27,101=30,110=31,112=32,114:32,116=28,124=29,126=30,129=27,139=28,141=27,144=35,153:34,155=27,156=35,157:36,161=39,162:40,164=43,172=44,174=45,176:45,178=41,190:42,191=43,192=41,193:47,198=51,202:52,203=53,205=55,214:56,215=57,217=54,227=55,229=54,232=58,241=59,243=53,253=54,255=58,257=53,260:60', '050707c87ede0244')
