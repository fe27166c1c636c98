"""Seed: a Variable captured by reference; assignments inside the graph are seen outside."""
import runtime as rt

a = rt.Variable(0.0)


@rt.function
def g():
    a.assign(a + 1.0)
    return a


if __name__ == '__main__':
    print(g())
    print(g())
    print(g())
    print('outside the graph:', a.numpy())
