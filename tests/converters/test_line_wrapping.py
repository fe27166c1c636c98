"""line_wrapping: generated lines are wrapped at 100 columns, and wrapping changes neither meaning nor lines."""
import ast

from convert_helpers import assert_same, convert

from autograph_cli.line_wrapping import WIDTH, _breaks, wrap
from runtime.converted_code.sourcemap import SourceMap


def test_a_short_line_stays_whole():
    assert wrap('    f(a, b)', '    ', '        ', '\n') == '    f(a, b)'


def test_breaks_go_at_the_shallowest_comma_that_fits_as_far_right_as_it_fits():
    text = '    call(' + ', '.join(f'g(argument_{i}, {i})' for i in range(8)) + ')'
    lines = wrap(text, '    ', '        ', '\n').split('\n')
    assert len(lines) == 2 and all(len(line) <= WIDTH for line in lines)
    assert lines[0].endswith('g(argument_4, 4),')  # a comma of `call(`, not of a `g(`
    assert lines[1] == '        g(argument_5, 5), g(argument_6, 6), g(argument_7, 7))'


def test_commas_inside_strings_and_f_strings_are_never_broken():
    text = 'x = f(' + repr('a, ' * 40) + ', f"{a, b}' + ', ' * 30 + '")'
    wrapped = wrap(text, '', '    ', '\n')
    assert wrapped.split('\n')[0] == 'x = f(' + repr('a, ' * 40) + ','
    assert ast.dump(ast.parse(wrapped)) == ast.dump(ast.parse(text))


def test_the_comma_scan_skips_escaped_and_triple_quotes_stops_at_a_comment_and_an_open_string():
    """(position after the comma and its space, bracket depth) of each comma it may break at."""
    assert _breaks("f('it\\'s', x)", 0) == [(11, 1)]
    assert _breaks('f("""a, "b" """, [x,y])', 0) == [(17, 1), (20, 2)]
    assert _breaks('f(a, b)  # g(c, d)', 0) == [(5, 1)]
    assert _breaks("f(a, 'b, c)", 0) == []  # a string left open: nothing is trusted


def test_a_line_with_no_comma_inside_brackets_stays_long():
    text = 'x = ' + ' + '.join(['value'] * 30)
    assert wrap(text, '', '    ', '\n') == text


def test_a_trailing_comma_keeps_its_bracket():
    text = 'x = f(' + 'a' * 95 + ',)'
    assert wrap(text, '', '    ', '\n') == text


SOURCE = '''
def f(values, scale):
    total = sum_of(values, scale, offset=[scale * 2, scale * 3], flags={'a': 1, 'b': 2}, more=1)
    untouched = 'a long original line that the converter does not change at all, kept as written by its author'
    if total > 0:
        total = sum_of(values, scale, offset=[scale * 2, scale * 3], flags={'a': 1}, more=total)
    return total, untouched


def sum_of(values, scale, offset, flags, more):
    return sum(values) * scale + sum(offset) + len(flags) + more
'''


def test_converted_lines_are_wrapped_and_run_the_same():
    code = convert(SOURCE).code
    body = code[:code.index('__ag_source_map__')]
    long_lines = [line for line in body.splitlines() if len(line) > WIDTH]
    assert long_lines == ["        untouched = 'a long original line that the converter does not "
                          "change at all, kept as written by its author'"]
    outcomes = assert_same(SOURCE, 'f', ([1, 2], 3), ([], 0), ([1], -1))
    assert [kind for (kind, *_), printed in outcomes] == ['ok', 'ok', 'ok']


def test_every_line_of_a_wrapped_statement_maps_to_its_original_line():
    result = convert(SOURCE)
    original = SOURCE.splitlines()
    converted = result.code.splitlines()
    sourcemap = SourceMap('m.py', converted[-1].split("'")[3])
    wrapped = users = 0
    for number, line in enumerate(converted[:-1], 1):
        if converted[number - 2].endswith(','):  # a continuation line
            wrapped += 1
            assert sourcemap.original_line(number) == sourcemap.original_line(number - 1)
        elif line.lstrip().startswith(('total = ', 'untouched = ', 'return total', 'return ag__')):
            # the first line of each user statement names its own original line
            text = original[sourcemap.original_line(number) - 1].strip()
            assert text.split(' ')[0] == line.strip().split(' ')[0], (line, text)
            users += 1
    assert wrapped >= 3 and users == 5
