"""Collatz steps: a data-dependent `while` with an `if` inside, the classic AutoGraph example."""


def collatz_steps(n):
    """How many Collatz steps take n down to 1."""
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


if __name__ == '__main__':
    for n in (1, 6, 27, 97):
        print(f'collatz_steps({n}) = {collatz_steps(n)}')
