"""The seed tutorials' examples that need graph control flow, ported to numpy + rt."""
import numpy as np
import pytest
from equality import same

import runtime as rt


@pytest.fixture
def eagerly():
    rt.config.run_functions_eagerly(True)
    yield
    rt.config.run_functions_eagerly(False)


def test_square_if_positive_on_arrays(capsys):
    @rt.function
    def square_if_positive(x):
        if x > 0:
            x = x * x
        else:
            x = 0
        return x

    a = np.array(1, dtype=np.int32)
    b = np.array(-1, dtype=np.int32)
    print(square_if_positive(a), square_if_positive(b))
    assert capsys.readouterr().out == '1 0\n'
    assert square_if_positive.experimental_get_tracing_count() == 1
    assert square_if_positive(b).dtype == np.int32


def test_simple_relu_first_and_second_branch(capsys):
    def simple_relu(x):
        if np.greater(x, 0):
            return x
        else:
            return 0

    tf_simple_relu = rt.function(simple_relu)
    print('First branch, with graph:', tf_simple_relu(np.array(1, np.int32)))
    print('Second branch, with graph:', tf_simple_relu(np.array(-1, np.int32)))
    assert capsys.readouterr().out == ('First branch, with graph: 1\n'
                                       'Second branch, with graph: 0\n')
    code = ' '.join(rt.autograph.to_code(simple_relu).split())  # wrapped lines joined
    assert "ag__.if_stmt(ag__.converted_call(np.greater, (x, 0), None, fscope), if_body, " \
           "else_body, get_state, set_state, ('do_return', 'retval_'), 2)" in code


def train_one_step():
    pass


@pytest.mark.parametrize('loop', ['rt.range', 'range'])
def test_a_loop_over_a_tensor_number_of_steps_traces_once(capsys, loop):
    @rt.function
    def train(num_steps):
        print(f'追踪： num_steps = {num_steps}')
        steps = 0
        for _ in (rt.range(num_steps) if loop == 'rt.range' else range(num_steps)):
            train_one_step()
            steps += 1
        return steps

    assert train(num_steps=np.array(10, np.int32)) == 10
    assert train(num_steps=np.array(20, np.int32)) == 20
    assert capsys.readouterr().out == (
        '追踪： num_steps = Tensor("num_steps:0", shape=(), dtype=int32)\n')
    if loop == 'rt.range':  # a float32 range, as tf.range(20.6) is
        assert train(num_steps=np.array(20.6, np.float32)) == 21
    else:
        with pytest.raises(TypeError, match="'numpy.float32' object cannot be interpreted as an "
                           'integer'):
            train(num_steps=np.array(20.6, np.float32))
    assert train.experimental_get_tracing_count() == 1 + (loop == 'rt.range')


def test_a_python_number_of_steps_traces_per_value_but_loops_in_the_graph(capsys):
    @rt.function
    def train(num_steps):
        print(f'追踪： num_steps = {num_steps}')
        for _ in rt.range(num_steps):
            train_one_step()

    train(num_steps=10)
    train(num_steps=20)
    assert capsys.readouterr().out == '追踪： num_steps = 10\n追踪： num_steps = 20\n'
    graph = train.get_concrete_function(num_steps=10).graph
    assert 'while' in [eq.primitive for eq in graph.equations]


class LinearModel:
    """A linear least-squares model trained by gradient descent on rt.Variables."""

    def __init__(self):
        self.w = rt.Variable(np.zeros(3, np.float32))
        self.correct = rt.Variable(np.float32(0))
        self.seen = rt.Variable(np.float32(0))

    def train_one_step(self, x, y):
        err = x @ self.w.read_value() - y
        loss = np.mean(err ** 2)
        self.w.assign_sub(np.float32(0.05) * (2 * x.T @ err / len(y)))
        self.correct.assign_add(np.sum(np.abs(err) < 0.5).astype(np.float32))
        self.seen.assign_add(np.float32(len(y)))
        return loss

    def accuracy(self):
        return self.correct.read_value() / self.seen.read_value()


def make_train(model):
    def train(xs, ys):
        step = 0
        loss = 0.0
        accuracy = 0.0
        for x, y in zip(xs, ys):
            step += 1
            loss = model.train_one_step(x, y)
            if step % 10 == 0:
                rt.print('Step', step, ': loss', loss, '; accuracy', model.accuracy())
        return step, loss, accuracy
    return train


def test_training_loop_over_batches_prints_every_ten_steps(capsys):
    rng = np.random.default_rng(0)
    xs = rng.normal(size=(25, 8, 3)).astype(np.float32)
    ys = xs @ np.array([1.0, -2.0, 0.5], np.float32)
    rt.config.run_functions_eagerly(True)
    try:
        eager_model = LinearModel()
        expected = rt.function(make_train(eager_model))(xs, ys)
    finally:
        rt.config.run_functions_eagerly(False)
    printed = capsys.readouterr().out
    assert printed.count('Step') == 2 and printed.startswith('Step 10 : loss')
    model = LinearModel()
    train = rt.function(make_train(model))
    step, loss, accuracy = train(xs, ys)
    assert capsys.readouterr().out == printed
    same((step, loss), expected[:2])
    assert accuracy == 0.0 and type(accuracy) is float
    same(model.w.numpy(), eager_model.w.numpy())
    graph = train.get_concrete_function(xs, ys).graph
    assert [eq.primitive for eq in graph.equations].count('while') == 1
