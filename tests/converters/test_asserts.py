"""asserts: `assert t, msg` becomes `assert ag__.assert_stmt(t, lambda: msg)`, a statement still."""
import subprocess
import sys
from pathlib import Path

from convert_helpers import assert_same, convert, converted, expected, stripped_lines

ROOT = Path(__file__).resolve().parents[2]


def test_assert_with_and_without_a_message():
    assert converted('''
        def f(x):
            assert x
            assert x > 0, f'bad {x}'
    ''') == expected('''
        def f(x):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                assert ag__.assert_stmt(x, None)
                assert ag__.assert_stmt(x > 0, lambda: f'bad {x}')
    ''')


def test_the_test_is_converted_like_any_test():
    assert "assert ag__.assert_stmt(ag__.and_test(lambda: x, lambda: y), lambda: 'm')" in \
        stripped_lines(converted('''
            def f(x, y):
                assert x and y, 'm'
        '''))


def test_no_change_module_level_assert():
    code = convert('''
        X = 1
        assert X, 'module level'
    ''').code
    assert "assert X, 'module level'" in stripped_lines(code)
    assert 'assert_stmt' not in code


def test_message_is_lazy_and_errors_match():
    source = '''
        def check(x, log):
            assert x > 0, log.append(x) or f'bad {x}'
            return 'ok', log

        def bare(x):
            assert x
            return x
    '''
    assert assert_same(source, 'check', (1, []), (-2, []), ('s', [])) == [
        (('ok', "('ok', [])"), ''), (('raise', 'AssertionError', 'bad -2'), ''),
        (('raise', 'TypeError', "'>' not supported between instances of 'str' and 'int'"), '')]
    assert_same(source, 'bare', (0,), (1,), ([],))


def test_python_O_still_removes_the_converted_assert(tmp_path):
    (tmp_path / 'checked.py').write_text(convert('''
        def f(x):
            assert x, 'never under -O'
            return 'ran'
    ''').code)
    script = 'import checked; print(checked.f(0))'
    run = subprocess.run([sys.executable, '-O', '-c', script], cwd=tmp_path, text=True,
                         capture_output=True, env={'PYTHONPATH': str(ROOT)})
    assert (run.returncode, run.stdout, run.stderr) == (0, 'ran\n', '')
