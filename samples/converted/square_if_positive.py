"""Seed: `if` on a tensor becomes a graph cond; one trace serves positive and negative inputs."""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())

import numpy as np

import runtime as rt


@rt.function
def square_if_positive(x):
    with ag__.FunctionScope('square_if_positive', 'fscope', ag__.STD) as fscope:

        def get_state():
            return (x,)

        def set_state(vars_):
            nonlocal x
            (x,) = vars_

        def if_body():
            nonlocal x
            x = x * x

        def else_body():
            nonlocal x
            x = 0
        ag__.if_stmt(x > 0, if_body, else_body, get_state, set_state, ('x',), 1)
        return x


@rt.function
def simple_relu(x):
    with ag__.FunctionScope('simple_relu', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()

        # returns from both branches of a tensor `if`
        def get_state():
            return (do_return, retval_)

        def set_state(vars_):
            nonlocal do_return, retval_
            (do_return, retval_) = vars_

        def if_body():
            nonlocal do_return, retval_
            retval_ = x
            do_return = True

        def else_body():
            nonlocal do_return, retval_
            retval_ = 0
            do_return = True
        ag__.if_stmt(ag__.converted_call(np.greater, (x, 0), None, fscope), if_body, else_body,
            get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


if __name__ == '__main__':
    a = np.array(1, np.int32)
    b = np.array(-1, np.int32)
    print(square_if_positive(a), square_if_positive(b))
    print('traces of square_if_positive:', square_if_positive.experimental_get_tracing_count())
    print('First branch, with graph:', simple_relu(np.array(1, np.int32)))
    print('Second branch, with graph:', simple_relu(np.array(-1, np.int32)))
    print(rt.autograph.to_code(square_if_positive.python_function))
__ag_source_map__ = ag__.SourceMap('../square_if_positive.py', '1:1,6:2,13=8,15=9,24:10,26=11,28:12,29=9,30:13,35=17,40=19,49=20,52=21,54=22,56=19,58=17,59:23', '06e1267bc2e876e5')
