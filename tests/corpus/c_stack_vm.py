"""A tiny stack virtual machine: match on instructions inside a while loop, jumps, calls and errors."""


class VMError(Exception):
    pass


def run(program, max_steps=1000):
    stack, calls, output = [], [], []
    pc = steps = 0
    while pc < len(program):
        steps += 1
        if steps > max_steps:
            raise VMError(f'step limit {max_steps} exceeded at pc={pc}')
        instr = program[pc]
        pc += 1
        match instr:
            case ('push', value):
                stack.append(value)
            case ('add',):
                b, a = stack.pop(), stack.pop()
                stack.append(a + b)
            case ('sub',):
                b, a = stack.pop(), stack.pop()
                stack.append(a - b)
            case ('dup',):
                stack.append(stack[-1])
            case ('jz', target):
                if stack.pop() == 0:
                    pc = target
            case ('jmp', target):
                pc = target
            case ('call', target):
                calls.append(pc)
                pc = target
            case ('ret',):
                if not calls:
                    break
                pc = calls.pop()
            case ('print',):
                output.append(stack[-1])
            case ('halt',):
                return stack, output, 'halted'
            case (op, *args):
                raise VMError(f'unknown instruction {op!r} with {len(args)} args')
            case _:
                raise VMError(f'malformed instruction {instr!r}')
    return stack, output, 'fell off the end'


COUNTDOWN = [
    ('push', 3),
    ('print',),       # 1: loop start
    ('push', 1),
    ('sub',),
    ('dup',),
    ('jz', 7),
    ('jmp', 1),
    ('halt',),        # 7
]

WITH_CALL = [
    ('push', 10),
    ('call', 4),
    ('print',),
    ('halt',),
    ('push', 5),      # 4: subroutine adds 5
    ('add',),
    ('ret',),
]


def run_named(name, max_steps=1000):
    programs = {'countdown': COUNTDOWN, 'with_call': WITH_CALL}
    return run(programs[name], max_steps)


CASES = [
    ('run_named', ('countdown',), {}),
    ('run_named', ('with_call',), {}),
    ('run_named', ('countdown', 5), {}),
    ('run', ([('push', 1), ('push', 2), ('add',)],), {}),
    ('run', ([('push', 1), ('ret',), ('push', 2)],), {}),
    ('run', ([('nop', 1, 2)],), {}),
    ('run', (['bogus'],), {}),
    ('run', ([('add',)],), {}),
]
