"""Seed: one Function, many graphs: a trace per input signature, and concrete functions."""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())

import numpy as np

import runtime as rt
from runtime import errors


@rt.function
def double(a):
    with ag__.FunctionScope('double', 'fscope', ag__.STD) as fscope:
        ag__.converted_call(print, ('Tracing with', a), None, fscope)
        return a + a


@rt.function
def my_relu(x):
    with ag__.FunctionScope('my_relu', 'fscope', ag__.STD) as fscope:
        return ag__.converted_call(np.maximum, (0., x), None, fscope)


if __name__ == '__main__':
    print('Result:', double(np.array(1, np.int32)))
    print('Result:', double(np.array(1.1, np.float32)))
    print('Result:', double(np.array('c')))

    double_strings = double.get_concrete_function(rt.TensorSpec(shape=None, dtype=np.str_))
    print(double_strings(np.array('a')))
    print(double_strings(a=np.array('b')))
    try:
        double_strings(np.array(1, np.int32))
    except errors.InvalidArgumentError as e:
        print('Caught expected exception:', type(e).__name__)

    print(my_relu(np.array(5.5, np.float32)))
    print(my_relu([1, -1]))
    print(my_relu(np.array([3., -3.], np.float32)))
    print(my_relu(np.array(-2.5, np.float32)))   # reuses the first graph
    print(my_relu.pretty_printed_concrete_signatures())
__ag_source_map__ = ag__.SourceMap('../polymorphism.py', '1:1,6:2,14=9,15:10,21=15,22:16', '27877bdbcf3e143c')
