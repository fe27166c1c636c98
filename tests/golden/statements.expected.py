"""Statements kept as Python inside converted code: try, with, match, del; and list building."""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())

import contextlib

import runtime as rt


def parse_all(texts):
    with ag__.FunctionScope('parse_all', 'fscope', ag__.STD) as fscope:
        value: ag__.local
        numbers = []

        def get_state():
            return (numbers, ag__.ldu(lambda: value, 'value'))

        def set_state(vars_):
            nonlocal numbers, value
            (numbers, value) = vars_

        def loop_body(itr):
            nonlocal value
            text = itr
            continue_ = False
            try:
                value = ag__.converted_call(int, (text,), None, fscope)
            except ValueError as err:
                ag__.converted_call(print, ('skipped:', err), None, fscope)
                continue_ = True
            finally:
                ag__.converted_call(print, ('tried', text), None, fscope)
            ag__.if_stmt(ag__.not_(continue_), if_body_1, None, get_state_1, set_state_1,
                ('numbers',), 1)

        def get_state_1():
            return (numbers,)

        def set_state_1(vars_):
            nonlocal numbers
            (numbers,) = vars_

        def if_body_1():
            nonlocal numbers
            numbers = ag__.list_append(numbers, ag__.load(lambda: value, 'value'))
        ag__.for_stmt(texts, None, loop_body, get_state, set_state, ('numbers', 'value'),
            {'iterate_names': 'text', 'maximum_iterations': 1000})
        return numbers


def suppressed(values):
    with ag__.FunctionScope('suppressed', 'fscope', ag__.STD) as fscope:
        out = []

        def get_state():
            return (out,)

        def set_state(vars_):
            nonlocal out
            (out,) = vars_

        def loop_body(itr):
            nonlocal out
            value = itr
            with ag__.converted_call(contextlib.suppress, (ZeroDivisionError,), None, fscope):
                out = ag__.list_append(out, 1 / value)
        ag__.for_stmt(values, None, loop_body, get_state, set_state, ('out',),
            {'iterate_names': 'value'})
        return out


def shape(point):
    with ag__.FunctionScope('shape', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        match point:
            case (x, 0):
                label = f'x-axis at {x}'
            case (0, y):
                label = f'y-axis at {y}'
            case _:
                label = 'elsewhere'

        def get_state():
            return (do_return, retval_)

        def set_state(vars_):
            nonlocal do_return, retval_
            (do_return, retval_) = vars_

        def if_body():
            nonlocal do_return, retval_
            retval_ = ag__.converted_call(ag__.load(lambda: label, 'label').upper, (), None, fscope)
            do_return = True
        ag__.if_stmt(label, if_body, None, get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


def last_item(items):
    with ag__.FunctionScope('last_item', 'fscope', ag__.STD) as fscope:
        last: ag__.local

        def get_state():
            return (ag__.ldu(lambda: last, 'last'),)

        def set_state(vars_):
            nonlocal last
            (last,) = vars_

        def if_body():
            nonlocal last
            last = items[-1]
        ag__.if_stmt(items, if_body, None, get_state, set_state, ('last',), 1)
        return last


def report(items, verbose):
    with ag__.FunctionScope('report', 'fscope', ag__.STD) as fscope:
        newest: ag__.local

        def get_state():
            return (ag__.ldu(lambda: newest, 'newest'),)

        def set_state(vars_):
            nonlocal newest
            (newest,) = vars_

        def if_body():
            nonlocal newest
            newest = items[-1]
        ag__.if_stmt(items, if_body, None, get_state, set_state, ('newest',), 1)

        def if_body_1():
            nonlocal newest
            # newest may be unbound here: the original's UnboundLocalError is kept
            ag__.converted_call(print, ('newest:', ag__.load(lambda: newest, 'newest')), None,
                fscope)
            ag__.load(lambda: newest, 'newest')
            del newest
        ag__.if_stmt(verbose, if_body_1, None, None, None, (), 0)


def drain(data):
    with ag__.FunctionScope('drain', 'fscope', ag__.STD) as fscope:
        tmp = ag__.converted_call(list, (data,), None, fscope)
        total = 0

        def get_state():
            return (total,)

        def set_state(vars_):
            nonlocal total
            (total,) = vars_

        def loop_test():
            return tmp

        def loop_body():
            nonlocal total
            total += ag__.converted_call(tmp.pop, (), None, fscope)
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('total',), {})
        del tmp
        return total
__ag_source_map__ = ag__.SourceMap('statements.py', '1:1,6:2,12=7,14:8,16=9,26=11,27:11,31=15,32:16,34=18,46:18,47=9,49:19,53=22,54:23,56=24,66:25,68=24,70:27,74=30,77:31,85=38,94=39,96=38,97=30,98:40,101=42,104=43,113:44,114=43,115:45,119=48,122=49,131:50,132=49,134=51,136:52,137=53,139=54,140:54,141=51,142:55,145=57,146:58,149=60,161:61,162=60,163:62', 'd8778756ba8ab4e8')
