"""Output lines per input line: the converted functions of `samples/*.py` in `samples/converted/`."""
import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _functions(tree):
    """qualified name -> (first line, decorators included; last line; node) of each def."""
    found = {}

    def visit(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = child.decorator_list[0].lineno if child.decorator_list else child.lineno
                found[prefix + child.name] = (first, child.end_lineno, child)  # nested ones inside
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + '.')
            else:
                visit(child, prefix)
    visit(tree, '')
    return found


def run():
    lines_in = lines_out = too_long = 0
    for source in sorted((ROOT / 'samples').glob('*.py')):
        converted = (ROOT / 'samples' / 'converted' / source.name).read_text(encoding='utf-8')
        before = _functions(ast.parse(source.read_text(encoding='utf-8')))
        after = _functions(ast.parse(converted))
        text = converted.splitlines()
        for name, (first, last, _) in before.items():
            if name in after and 'FunctionScope' in ast.unparse(after[name][2]):
                lines_in += last - first + 1
                lines_out += after[name][1] - after[name][0] + 1
                too_long += sum(len(line) > 100 for line in text[after[name][0] - 1:after[name][1]])
    return [f'{"converted functions of samples/*.py":<48} {lines_in} lines -> {lines_out} lines = '
            f'{lines_out / lines_in:.2f} output lines per input line; {too_long} over 100 columns']


if __name__ == '__main__':
    print('\n'.join(run()))
