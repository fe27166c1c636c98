"""numpy-ml converted by the command line behaves exactly like numpy-ml.

The vendored package (`vendor/numpy_ml`, upstream's files byte for byte) is converted once per
session with `agconvert vendor/numpy_ml -o <tmp>/numpy_ml_converted`, and both copies are
imported side by side (`numpy_ml_copies`). Every case of `numpy_ml_cases` (fit/predict of the
linear models, GMM, trees; forward/backward of layers; activations and losses with their
gradients; optimizer steps; initialisers after the same seed; preprocessing; errors numpy-ml
raises) must give bit-for-bit the same results, state and exceptions on both: with the
converted code running (`converted` Python mode: these check the converter), and in the
default mode, where the converted modules run the original's code objects.
"""
import hashlib
import inspect

import pytest
from numpy_ml_cases import CASES, Raised, assert_identical, run
from numpy_ml_copies import CONVERTED, ORIGINAL, VENDOR, submodules

import runtime as rt
from runtime.converted_code import python_mode

# the three functions the converter leaves as written, with the reason it gives
UNCONVERTED = {
    'neural_nets/utils/utils.py:39:5': "function 'mb_generator' left unconverted: generator function (yield)",
    'preprocessing/general.py:47:5': "function 'mb_generator' left unconverted: generator function (yield)",
    'utils/kernels.py:266:5': "function 'init_from_str' left unconverted: calls eval(), which reads "
                              'the local variables',
}
LOCAL_FILES = {'numpy_ml/__init__.py', 'numpy_ml/neural_nets/__init__.py', 'numpy_ml/utils/__init__.py'}


@pytest.fixture
def converted_code():
    """Converted modules run their converted code on Python values during the test."""
    rt.config.set_python_mode('converted')
    try:
        yield
    finally:
        rt.config.set_python_mode('original')


def git_blob_id(path):
    content = path.read_bytes()
    return hashlib.sha1(b'blob %d\0' % len(content) + content).hexdigest()


def test_the_vendored_files_are_upstreams_byte_for_byte():
    manifest = dict(reversed(line.split()) for line in
                    (VENDOR / 'upstream-files.txt').read_text().splitlines())
    for name, blob in manifest.items():
        assert git_blob_id(VENDOR / name) == blob, f'{name} differs from upstream'
    vendored = {str(p.relative_to(VENDOR)) for p in VENDOR.rglob('*.py')}
    assert vendored == (manifest.keys() - {'LICENSE'}) | LOCAL_FILES
    modules = [name for name in vendored if not name.endswith('__init__.py')]
    assert len(modules) >= 15


def test_the_command_line_converts_the_whole_package(conversion):
    out, messages = conversion
    assert messages[-1] == '42 files converted'
    warnings = {}
    for line in messages[:-1]:
        where, _, message = line.partition(': warning: ')
        warnings[where.split('vendor/numpy_ml/', 1)[1]] = message
    assert warnings == UNCONVERTED
    originals = sorted(p.relative_to(VENDOR / ORIGINAL) for p in (VENDOR / ORIGINAL).rglob('*.py'))
    assert sorted(p.relative_to(out) for p in out.rglob('*.py')) == originals
    for path in originals:
        text = (out / path).read_text(encoding='utf-8')
        assert text.startswith('from runtime import ag as ag__') or 'ag__.SourceMap(' in text
        if 'def ' in (VENDOR / ORIGINAL / path).read_text(encoding='utf-8'):
            assert 'ag__.FunctionScope(' in text, path


def test_both_copies_have_the_same_modules_and_names(numpy_ml, converted_numpy_ml):
    original, converted = submodules(numpy_ml), submodules(converted_numpy_ml)
    assert list(converted) == list(original) and len(original) >= 40
    for name, module in converted.items():
        assert module.__name__ == f'{CONVERTED}.{name}'
        assert own_names(module) == own_names(original[name]), name
        for value in vars(module).values():  # absolute imports (`from numpy_ml.utils.misc ...`) too
            owner = getattr(value, '__module__', None) or ''
            assert not owner.startswith(ORIGINAL + '.'), f'{name} binds {owner}.{value.__name__}'


def own_names(module):
    """The module's global names but those of the runtime (`ag__`, the source map), which the
    converter adds and which converting the original on the fly (`rt.function`) adds to it."""
    return sorted(n for n in vars(module) if not n.startswith(('ag__', '__ag_')))


def functions(module):
    """(qualified name, function) for every function a module defines, methods included."""
    for value in vars(module).values():
        if getattr(value, '__module__', None) != module.__name__:
            continue
        if inspect.isfunction(value):
            yield value.__qualname__, value
        elif inspect.isclass(value):
            for attr in vars(value).values():
                if isinstance(attr, (staticmethod, classmethod)):
                    attr = attr.__func__
                parts = ([attr.fget, attr.fset, attr.fdel] if isinstance(attr, property) else [attr])
                for fn in parts:
                    if inspect.isfunction(fn):
                        yield fn.__qualname__, fn


def converted_functions(package):
    for name, module in submodules(package).items():
        source = str(VENDOR / ORIGINAL / (name.replace('.', '/') + '.py'))
        for qualname, fn in functions(module):
            yield f'{name}.{qualname}', fn, source


def test_every_function_runs_the_original_code_by_default(converted_numpy_ml):
    checked = 0
    for name, fn, source in converted_functions(converted_numpy_ml):
        assert python_mode.is_registered(fn), name
        code = fn.__code__
        assert (code.co_filename, 'ag__' in code.co_names) == (source, False), name
        checked += 1
    assert checked >= 500


def test_every_function_runs_converted_code_in_converted_mode(converted_numpy_ml, converted_code):
    left = set()
    for name, fn, source in converted_functions(converted_numpy_ml):
        code = fn.__code__
        assert code.co_filename == source, name  # converted code keeps the original's positions
        if 'ag__' not in code.co_names:
            left.add(name)
    assert left == {'utils.kernels.KernelInitializer.init_from_str'}  # eval(): left as written


@pytest.mark.parametrize('name', list(CASES))
def test_converted_code_gives_the_same_results(name, numpy_ml, converted_numpy_ml, converted_code):
    expected = run(CASES[name], numpy_ml)
    assert_identical(run(CASES[name], numpy_ml), expected)  # the case is deterministic
    assert_identical(run(CASES[name], converted_numpy_ml), expected)


def test_the_original_code_run_by_the_converted_modules_gives_the_same_results(numpy_ml,
                                                                               converted_numpy_ml):
    for name, case in CASES.items():
        assert_identical(run(case, converted_numpy_ml), run(case, numpy_ml), name)


def test_the_cases_cover_the_package(numpy_ml):
    """Enough cases, most of them returning values, some probing numpy-ml's own exceptions."""
    outcomes = {name: run(case, numpy_ml) for name, case in CASES.items()}
    assert len(outcomes) >= 60
    whole_raises = [name for name, outcome in outcomes.items() if isinstance(outcome, Raised)]
    assert sorted(whole_raises) == ['layer_rbm', 'layer_sparse_evolution']  # upstream bugs
    probes = sum(repr(outcome).count('Raised(') for outcome in outcomes.values())
    assert probes >= 30
