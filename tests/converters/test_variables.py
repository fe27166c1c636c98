"""variables: maybe-unbound locals read inside closures keep Python's UnboundLocalError."""
from convert_helpers import assert_same, converted, expected, function, stripped_lines


def unbound(name):
    """The running interpreter's own message for reading the unbound local `name`."""
    namespace = {}
    exec(f'def probe():\n    {name}\n    {name} = 1\n', namespace)
    try:
        namespace['probe']()
    except UnboundLocalError as e:
        return str(e)


def test_maybe_unbound_reads_in_a_closure_are_checked():
    code = converted('''
        def f(flag, g):
            if flag:
                x = 1
            if g:
                print(x)
                x += 1
                del x
    ''')
    assert function(code, 'if_body_1') == expected('''
        def if_body_1():
            nonlocal x
            ag__.converted_call(print, (ag__.load(lambda: x, 'x'),), None, fscope)
            ag__.load(lambda: x, 'x')
            x += 1
            del x
    ''')
    # the state of the first `if` reads x before anything may have bound it
    assert function(code, 'get_state') == expected('''
        def get_state():
            return (ag__.ldu(lambda: x, 'x'),)
    ''')


def test_a_local_only_closures_bind_is_declared_without_a_value():
    assert stripped_lines(converted('''
        def f(flag):
            if flag:
                x = 1
            return x
    '''))[1:3] == ["with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:", 'x: ag__.local']


def test_a_private_name_is_reported_mangled():
    assert "retval_ = ag__.load(lambda: __x, '_K__x')\ndo_return = True" in '\n'.join(
        stripped_lines(converted('''
            class K:
                def m(self, flag):
                    if flag:
                        __x = 1
                    if not flag:
                        return __x
        ''', 'm')))


def test_a_lazy_operand_at_the_function_level_is_checked_too():
    assert "return ag__.if_exp(flag, lambda: 0, lambda: ag__.load(lambda: x, 'x'), 'flag')" in \
        stripped_lines(converted('''
            def f(flag):
                if flag:
                    x = 1
                return 0 if flag else x
        '''))


def test_no_change_definitely_bound_and_host_reads():
    code = converted('''
        def f(flag):
            x = 0
            if flag:
                print(x)
            y = 1 if flag else 2
            if flag:
                z = 1
            return z
    ''')
    assert 'ag__.load' not in code
    assert 'ag__.converted_call(print, (x,), None, fscope)' in stripped_lines(code)
    # read in the function's own frame, an unbound local raises by itself
    assert stripped_lines(code)[-1] == 'return z'


def test_unbound_errors_are_the_originals():
    source = '''
        def read(flag, g):
            if flag:
                x = 1
            if g:
                return x
            return None

        def augment(flag):
            if flag:
                total = 0
            for i in range(2):
                total += i
            return total

        def delete(flag):
            if flag:
                tmp = 1
            if True:
                del tmp
            return 'deleted'

        def after_del(xs):
            y = 1
            del y
            for x in xs:
                print(y)

        class K:
            def m(self, flag):
                if flag:
                    __x = 1
                if not flag:
                    return __x

        def mangled(flag):
            return K().m(flag)
    '''
    assert assert_same(source, 'read', (True, True), (False, True), (False, False)) == [
        (('ok', '1'), ''), (('raise', 'UnboundLocalError', unbound('x')), ''),
        (('ok', 'None'), '')]
    assert_same(source, 'augment', (True,), (False,))
    assert_same(source, 'delete', (True,), (False,))
    assert assert_same(source, 'after_del', ([1],), ([],)) == [
        (('raise', 'UnboundLocalError', unbound('y')), ''), (('ok', 'None'), '')]
    assert assert_same(source, 'mangled', (False,)) == [
        (('raise', 'UnboundLocalError', unbound('_K__x')), '')]
