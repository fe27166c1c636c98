"""The seed tutorials' tf.function examples, ported to numpy + rt, with the output they print."""
import numpy as np
import pytest

import runtime as rt
from runtime.ir.check import check_graph


@pytest.fixture
def eagerly():
    """Run functions eagerly for one test, and switch back whatever happens."""
    rt.config.run_functions_eagerly(True)
    yield
    rt.config.run_functions_eagerly(False)


@pytest.mark.filterwarnings('ignore::runtime.errors.RetracingWarning')
def test_tracing_quiz(capsys):
    @rt.function
    def f(x):
        print('The function is running in Python')
        rt.print(x)

    f(np.array(1, dtype=np.int32))
    f(np.array(2, dtype=np.int32))
    f(np.int32(2))  # a numpy scalar shares the trace of 0-d int32 arrays
    f(np.array(0.1, dtype=np.float32))
    f(np.array(0.2, dtype=np.float32))
    f(1)
    f(1)
    f(0.1)
    f(0.2)
    f(0.1)
    assert capsys.readouterr().out == (
        'The function is running in Python\n1\n2\n2\n'
        'The function is running in Python\n0.1\n0.2\n'
        'The function is running in Python\n1\n1\n'
        'The function is running in Python\n0.1\n'
        'The function is running in Python\n0.2\n0.1\n')
    assert f.experimental_get_tracing_count() == 5


def test_variable_assignment_across_calls(capsys):
    a = rt.Variable(0.0)

    @rt.function
    def g():
        a.assign(a + 1.0)
        return a

    print(g())
    print(g())
    print(g())
    assert capsys.readouterr().out == '1.0\n2.0\n3.0\n'
    assert a.numpy() == 3.0 and g.experimental_get_tracing_count() == 1


def test_polymorphic_double(capsys):
    @rt.function
    def double(a):
        print('追踪变量：', a)
        return a + a

    print('结果:', double(np.array(1, dtype=np.int32)))
    print('结果:', double(np.array(1.1, dtype=np.float32)))
    print('结果:', double(np.array('c')))
    assert capsys.readouterr().out == (
        '追踪变量： Tensor("a:0", shape=(), dtype=int32)\n结果: 2\n'
        '追踪变量： Tensor("a:0", shape=(), dtype=float32)\n结果: 2.2\n'
        '追踪变量： Tensor("a:0", shape=(), dtype=str32)\n结果: cc\n')


def test_concrete_function_for_strings(capsys):
    @rt.function
    def double(a):
        print('追踪变量：', a)
        return a + a

    double_strings = double.get_concrete_function(rt.TensorSpec(shape=None, dtype=np.str_))
    assert capsys.readouterr().out == '追踪变量： Tensor("a:0", dtype=str)\n'
    assert double_strings(np.array('a')) == 'aa'
    assert double_strings(a=np.array('b')) == 'bb'
    assert double_strings(np.array(['xy', 'z'])).tolist() == ['xyxy', 'zz']
    with pytest.raises(rt.errors.InvalidArgumentError) as caught:
        double_strings(np.array(1, dtype=np.int32))
    message = str(caught.value)
    assert "argument 'a'" in message and 'dtype=str' in message and 'int32[]' in message
    assert capsys.readouterr().out == ''  # no retrace for any of these calls


def test_py_function_runs_at_every_call(capsys):
    external_list = []

    def side_effect(x):
        print('Python side effect')
        external_list.append(x)

    @rt.function
    def f(x):
        rt.py_function(side_effect, inp=[x], Tout=[])

    f(1)
    f(1)
    f(1)
    assert capsys.readouterr().out == 'Python side effect\n' * 3
    assert external_list == [1, 1, 1]


def test_python_print_traces_and_rt_print_runs(capsys):
    @rt.function
    def f(x):
        print('追踪：', x)
        rt.print('执行：', x)

    f(1)
    f(1)
    f(2)
    assert capsys.readouterr().out == '追踪： 1\n执行： 1\n执行： 1\n追踪： 2\n执行： 2\n'


def test_nested_functions():
    @rt.function
    def add(a, b):
        return a + b

    @rt.function
    def dense_layer(x, w, b):
        return add(np.matmul(x, w), b)

    result = dense_layer(np.ones([3, 2], np.float32), np.ones([2, 2], np.float32),
                         np.ones([2], np.float32))
    assert result.dtype == np.float32 and result.tolist() == [[3.0, 3.0]] * 3


def test_function_calls_plain_python_helper():
    def inner_function(x, y, b):
        x = np.matmul(x, y)
        x = x + b
        return x

    @rt.function
    def outer_function(x):
        y = np.array([[2.0], [3.0]], dtype=np.float32)
        b = np.float32(4.0)
        return inner_function(x, y, b)

    result = outer_function(np.array([[1.0, 2.0]], dtype=np.float32))
    assert result.dtype == np.float32 and result.tolist() == [[12.0]]
    concrete = outer_function.get_concrete_function(np.zeros((1, 2), np.float32))
    check_graph(concrete.graph)
    assert [eq.primitive for eq in concrete.graph.equations] == ['matmul', 'add']


def test_polymorphic_my_relu():
    @rt.function
    def my_relu(x):
        return np.maximum(0., x)

    assert my_relu(np.float32(5.5)) == np.float32(5.5)
    assert my_relu([1, -1]).tolist() == [1.0, 0.0]
    assert my_relu(np.array([3., -3.], np.float32)).tolist() == [3.0, 0.0]
    assert my_relu(np.float32(-2.5)) == 0.0  # these two reuse traces
    assert my_relu(np.array([-1., 1.], np.float32)).tolist() == [0.0, 1.0]
    assert my_relu.experimental_get_tracing_count() == 3
    assert my_relu.pretty_printed_concrete_signatures() == (
        'my_relu(x)\n  Args:\n    x: float32 Tensor, shape=()\n'
        '  Returns:\n    float32 Tensor, shape=()\n\n'
        'my_relu(x=[1, -1])\n  Returns:\n    float64 Tensor, shape=(2,)\n\n'
        'my_relu(x)\n  Args:\n    x: float32 Tensor, shape=(2,)\n'
        '  Returns:\n    float32 Tensor, shape=(2,)')


def _get_mse():
    @rt.function
    def get_MSE(y_true, y_pred):
        print('Calculating MSE!')
        sq_diff = np.power(y_true - y_pred, 2)
        return np.mean(sq_diff)
    return get_MSE


Y_TRUE = np.array([3, 6, 5, 2, 3], dtype=np.int32)
Y_PRED = np.array([4, 2, 3, 1, 3], dtype=np.int32)


def test_get_mse_prints_once_in_graph_mode(capsys):
    get_MSE = _get_mse()
    errors = [get_MSE(Y_TRUE, Y_PRED) for _ in range(3)]
    assert capsys.readouterr().out == 'Calculating MSE!\n'
    assert all(e == np.mean((Y_TRUE - Y_PRED) ** 2) for e in errors)


def test_get_mse_prints_every_call_eagerly(capsys, eagerly):
    get_MSE = _get_mse()
    assert rt.config.functions_run_eagerly()
    for _ in range(3):
        assert get_MSE(Y_TRUE, Y_PRED) == 4.4
    assert capsys.readouterr().out == 'Calculating MSE!\n' * 3
    assert get_MSE.experimental_get_tracing_count() == 0


def test_non_strict_execution_skips_unused_ops():
    def unused_return(x):
        np.take(x, [1])  # unused: fails when len(x) == 1
        return x

    with pytest.raises(IndexError):
        unused_return(np.array([0.0]))
    assert rt.function(unused_return)(np.array([0.0])).tolist() == [0.0]


def test_power_graph_equals_eager():
    def power(x, y):
        result = np.eye(10, dtype=np.int32)
        for _ in range(y):
            result = np.matmul(x, result)
        return result

    x = np.random.default_rng(0).integers(-1, 2, size=(10, 10), dtype=np.int32)
    power_as_graph = rt.function(power)
    expected, actual = power(x, 100), power_as_graph(x, 100)
    assert actual.dtype == expected.dtype and actual.tobytes() == expected.tobytes()
    graph = power_as_graph.get_concrete_function(x, 100).graph
    assert len(graph.equations) == 100  # the Python loop unrolls at trace time


def test_python_arguments_retrace_per_value(capsys):
    def train_one_step():
        pass

    @rt.function
    def train(num_steps):
        print(f'追踪： num_steps = {num_steps}')
        for _ in range(num_steps):
            train_one_step()

    train(num_steps=10)
    train(num_steps=20)
    train(num_steps=10)
    assert capsys.readouterr().out == '追踪： num_steps = 10\n追踪： num_steps = 20\n'


def test_tensor_arguments_share_a_trace_per_dtype(capsys):
    @rt.function
    def scaled(num_steps):
        print(f'追踪： num_steps = {num_steps}')
        return num_steps * 2

    assert scaled(num_steps=np.array(10, np.int32)) == 20
    assert scaled(num_steps=np.array(20, np.int32)) == 40
    assert scaled(num_steps=np.array(20.5, np.float32)) == 41.0
    assert capsys.readouterr().out == (
        '追踪： num_steps = Tensor("num_steps:0", shape=(), dtype=int32)\n'
        '追踪： num_steps = Tensor("num_steps:0", shape=(), dtype=float32)\n')


def test_tracing_shows_python_side_effects_once(capsys):
    @rt.function
    def a_function_with_python_side_effect(x):
        print('Tracing!')
        return x * x + np.int32(2)

    print(a_function_with_python_side_effect(np.array(2, np.int32)))
    print(a_function_with_python_side_effect(np.array(3, np.int32)))
    print(a_function_with_python_side_effect(2))
    print(a_function_with_python_side_effect(3))
    assert capsys.readouterr().out == 'Tracing!\n6\n11\nTracing!\n6\nTracing!\n11\n'


def test_to_code_of_square_if_positive():
    def square_if_positive(x):
        if x > 0:
            x = x * x
        else:
            x = 0
        return x

    code = rt.autograph.to_code(rt.function(square_if_positive).python_function)
    assert code.startswith('def square_if_positive(x):\n')
    assert "with ag__.FunctionScope('square_if_positive', 'fscope'" in code
    assert 'ag__.if_stmt(x > 0, if_body, else_body, get_state, set_state' in code
