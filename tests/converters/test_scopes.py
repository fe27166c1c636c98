"""The walk's scopes and activity: what is local, captured or bound, and what crosses a closure."""
from convert_helpers import assert_same, converted, expected, function, stripped_lines


def test_global_names_are_declared_global_in_closures():
    code = converted('''
        total = 0

        def f(xs):
            global total
            for x in xs:
                total += x
            return total
    ''', 'f')
    assert function(code, 'set_state') == expected('''
        def set_state(vars_):
            global total
            (total,) = vars_
    ''')
    assert function(code, 'loop_body') == expected('''
        def loop_body(itr):
            global total
            x = itr
            total += x
    ''')
    assert 'total: ag__.local' not in code


def test_comprehension_and_lambda_names_are_not_locals_but_walrus_targets_are():
    code = converted('''
        def f(xs):
            if xs:
                ys = [x * 2 for x in xs]
                key = lambda xs: len(xs)
                zs = {k: v for k, v in zip(xs, ys) if (last := k)}
            return ys, key(xs), zs, last
    ''')
    lines = stripped_lines(code)
    assert lines[2:6] == ['key: ag__.local', 'last: ag__.local', 'ys: ag__.local', 'zs: ag__.local']
    assert 'nonlocal key, last, ys, zs' in lines
    assert "ag__.if_stmt(xs, if_body, None, get_state, set_state, ('key', 'last', 'ys', 'zs'), 4)" \
        in lines
    assert ("key = ag__.qualname('f.<locals>.<lambda>')(lambda xs: "
            "ag__.converted_call(len, (xs,), None, fscope))") in lines


def test_names_bound_by_except_match_with_and_import():
    code = converted('''
        def f(xs, cm):
            for x in xs:
                try:
                    1 / x
                except ZeroDivisionError as err:
                    msg = str(err)
                match x:
                    case [a, *rest]:
                        first = a
                    case _:
                        first = None
                if x:
                    with cm as (c, d):
                        import os.path
            return msg, first, rest, c, os
    ''')
    lines = stripped_lines(code)
    # `err`, `a` and `d` never leave the loop body; `x` is read by no other closure
    assert ("ag__.for_stmt(xs, None, loop_body, get_state, set_state, "
            "('c', 'first', 'msg', 'os', 'rest'), {'iterate_names': 'x'})") in lines
    assert function(code, 'loop_body').splitlines()[1] == '    nonlocal first, msg, rest'
    assert function(code, 'if_body_1').splitlines()[1] == '    nonlocal c, os'


def test_a_name_a_nested_def_reads_lives_in_the_function():
    code = converted('''
        def f(xs):
            for x in xs:
                last = x
            def get():
                return last
            return get
    ''')
    assert function(code, 'loop_body').splitlines()[1] == '    nonlocal last'
    assert ("ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('last',), "
            "{'iterate_names': 'x'})") in stripped_lines(code)


def test_a_temporary_of_one_branch_stays_in_its_closure():
    code = converted('''
        def f(x):
            if x:
                tmp = x * 2
                print(tmp)
    ''')
    assert function(code, 'if_body') == expected('''
        def if_body():
            tmp = x * 2
            ag__.converted_call(print, (tmp,), None, fscope)
    ''')


def test_nested_f_strings_leave_no_room_for_generated_quotes():
    nested = 'return f\'{f"{x if a else b} {a < b < 3} {g(a, k=1)}"}\''
    assert nested in stripped_lines(converted('''
        def f(a, b, g, x):
            return f'{f"{x if a else b} {a < b < 3} {g(a, k=1)}"}'
    '''))


def test_scoping_behaves_as_in_python():
    source = '''
        total = 0

        def add_all(xs):
            global total
            for x in xs:
                total += x
            return total

        def shadows(xs):
            x = 'outer'
            if xs:
                ys = [x for x in xs]
                f = lambda x: x * 2
                n = [(last := v) for v in xs]
            return x, ys, f(3), last

        def handlers(xs):
            seen = []
            for x in xs:
                try:
                    seen.append(10 // x)
                except ZeroDivisionError as err:
                    msg = str(err)
                    seen.append(msg)
            return seen, msg

        def matches(items):
            out = []
            for item in items:
                match item:
                    case [a, *rest]:
                        out.append((a, rest))
                    case {'k': v}:
                        out.append(v)
                    case _:
                        out.append(None)
            return out, rest

        def closures(n):
            fs = []
            for i in range(n):
                fs.append(lambda i=i: i * i)
            last = None
            for i in range(n):
                last = i
            def get():
                return last, i
            return [f() for f in fs], get()

        def star_targets(pairs):
            for first, *middle, end in pairs:
                if middle:
                    head, *tail = middle
            return first, middle, end, head, tail
    '''
    assert assert_same(source, 'add_all', ([1, 2],)) == [(('ok', '3'), '')]
    assert_same(source, 'shadows', ([1, 2],), ([],))
    assert_same(source, 'handlers', ([1, 0, 2],), ([1],))
    assert_same(source, 'matches', ([[1, 2, 3], {'k': 4}, 5],), ([5],))
    assert_same(source, 'closures', (3,), (0,))
    assert_same(source, 'star_targets', ([(1, 2, 3, 4)],), ([(1, 2)],))
