"""Collatz steps: a data-dependent `while` with an `if` inside, the classic AutoGraph example."""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())


def collatz_steps(n):
    """How many Collatz steps take n down to 1."""
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
            n = n // 2

        def else_body_1():
            nonlocal n
            n = 3 * n + 1
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('n', 'steps'), {})
        return steps


if __name__ == '__main__':
    for n in (1, 6, 27, 97):
        print(f'collatz_steps({n}) = {collatz_steps(n)}')
__ag_source_map__ = ag__.SourceMap('../collatz.py', '1:1,5:2,9=4,10:6,12=7,24=8,25:12,27=8,36:9,38=10,40:11,41=7,42:13', '3511b7833c884e65')
