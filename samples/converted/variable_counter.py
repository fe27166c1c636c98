"""Seed: a Variable captured by reference; assignments inside the graph are seen outside."""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())

import runtime as rt

a = rt.Variable(0.0)


@rt.function
def g():
    with ag__.FunctionScope('g', 'fscope', ag__.STD) as fscope:
        ag__.converted_call(a.assign, (a + 1.0,), None, fscope)
        return a


if __name__ == '__main__':
    print(g())
    print(g())
    print(g())
    print('outside the graph:', a.numpy())
__ag_source_map__ = ag__.SourceMap('../variable_counter.py', '1:1,6:2,13=8,14:9', '436dcab200387c73')
