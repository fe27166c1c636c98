"""The numpy API table: which numpy names trace, compile under jit, export to ONNX, differentiate.

    python -m benchmarks.numpy_coverage

writes benchmarks/numpy_api_coverage.md and prints the summary. Every public callable of
`numpy`, `numpy.linalg`, `numpy.fft`, `numpy.random` and the methods of `ndarray`,
`numpy.random.Generator` and `RandomState` get one row. A mark is 'yes' only where a Case in
tests/numpy_api/cases_*.py claims it (tests/numpy_api/test_numpy_api.py checks every claim);
otherwise the row gives the reason: the case's own, a class of names below (file I/O, Python
callables, ...), or "no graph op yet". The percentages are on the 300 names of
numpy_top300.txt (benchmarks/numpy_usage.py), plain and weighted by how often each is used.
"""
import sys
import types
from pathlib import Path

import numpy as np

from . import numpy_usage

REPO = Path(__file__).resolve().parent.parent
CASES_FOLDER = REPO / 'tests' / 'numpy_api'
TABLE_PATH = Path(__file__).resolve().parent / 'numpy_api_coverage.md'
MODULES = (('numpy', np), ('numpy.linalg', np.linalg), ('numpy.fft', np.fft),
           ('numpy.random', np.random))
CLASSES = (('ndarray', np.ndarray), ('Generator', np.random.Generator),
           ('RandomState', np.random.RandomState))
NO_OP_YET = 'no graph op yet'
# ndarray's array-valued properties and its indexing, which numpy code uses as much as methods
NDARRAY_EXTRAS = ('ndarray.T', 'ndarray.real', 'ndarray.imag', 'ndarray.__getitem__',
                  'ndarray.__setitem__')


def _names(*names):
    return frozenset(name for group in names for name in group.split())


# why a whole class of names has no graph op: numpy names, as the table spells them
REASONS = {
    'file I/O: read or write files outside the graph': _names(
        'numpy.save numpy.savez numpy.savez_compressed numpy.load numpy.loadtxt numpy.savetxt',
        'numpy.genfromtxt numpy.fromfile numpy.fromregex numpy.memmap ndarray.tofile',
        'ndarray.dump ndarray.dumps'),
    'Python callables: runs a Python function per element or slice (write the function '
    'on arrays instead)': _names(
        'numpy.frompyfunc numpy.vectorize numpy.apply_along_axis numpy.apply_over_axes',
        'numpy.piecewise numpy.fromfunction numpy.fromiter numpy.nditer numpy.ndenumerate',
        'numpy.ndindex numpy.nested_iters numpy.flatiter numpy.broadcast numpy.ufunc'),
    'strings: text values and string formatting are not graph values': _names(
        'numpy.base_repr numpy.binary_repr numpy.fromstring numpy.character numpy.str_',
        'numpy.bytes_ numpy.void numpy.record numpy.recarray numpy.object_ numpy.flexible'),
    'datetime: datetime64 and business days are not graph dtypes': _names(
        'numpy.datetime64 numpy.timedelta64 numpy.busday_count numpy.busday_offset',
        'numpy.is_busday numpy.busdaycalendar numpy.datetime_as_string numpy.datetime_data',
        'numpy.isnat'),
    'printing and formatting: Python strings and print options': _names(
        'numpy.array2string numpy.array_repr numpy.array_str numpy.format_float_positional',
        'numpy.format_float_scientific numpy.set_printoptions numpy.get_printoptions',
        'numpy.printoptions numpy.info numpy.typename'),
    'error and configuration state: handled in Python at trace time (numpy.errstate wraps '
    'traced code as it wraps eager code)': _names(
        'numpy.errstate numpy.seterr numpy.geterr numpy.seterrcall numpy.geterrcall',
        'numpy.getbufsize numpy.setbufsize numpy.show_config numpy.show_runtime',
        'numpy.get_include numpy.test numpy.linalg.test numpy.fft.test numpy.random.test',
        'numpy.linalg.LinAlgError'),
    'dtype introspection: works on dtypes and Python values at trace time, no array to '
    'compute': _names(
        'numpy.finfo numpy.iinfo numpy.issubdtype numpy.dtype',
        'numpy.promote_types numpy.can_cast numpy.min_scalar_type numpy.common_type',
        'numpy.mintypecode numpy.isdtype numpy.generic numpy.number numpy.integer',
        'numpy.inexact numpy.floating numpy.complexfloating numpy.signedinteger',
        'numpy.unsignedinteger'),
    'memory layout and buffers: raw bytes, flags and memory sharing have no graph value': _names(
        'numpy.frombuffer numpy.shares_memory numpy.may_share_memory numpy.require',
        'numpy.from_dlpack numpy.isfortran ndarray.tobytes ndarray.setflags ndarray.byteswap',
        'ndarray.getfield ndarray.setfield ndarray.dumps ndarray.to_device ndarray.resize',
        'numpy.matrix numpy.asmatrix numpy.bmat numpy.ndarray'),
    'random state objects: seeding and bit generators are Python objects (draws are '
    'Generator/RandomState methods)': _names(
        'numpy.random.BitGenerator numpy.random.MT19937 numpy.random.PCG64',
        'numpy.random.PCG64DXSM numpy.random.Philox numpy.random.SFC64',
        'numpy.random.SeedSequence numpy.random.get_bit_generator numpy.random.set_bit_generator',
        'numpy.random.get_state numpy.random.set_state numpy.random.seed RandomState.get_state',
        'RandomState.set_state RandomState.seed Generator.spawn Generator.bit_generator',
        'Generator.bytes RandomState.bytes numpy.random.bytes'),
    'making a generator while tracing is refused: made once at trace time, it would not be '
    'made again at each call (make it outside the traced function, pass it in or close over '
    'it)': _names('numpy.random.RandomState numpy.random.Generator numpy.random.default_rng'),
}
REASON_OF = {name: reason for reason, names in REASONS.items() for name in names}

# names with no gradient to check: integer, boolean or index results, shapes and dtypes,
# arrays made from shapes or constants, piecewise-constant functions, random draws, and the
# classes of REASONS. Every other name is differentiable, and counts as such unless a Case
# with grad=True checks its gradient.
NOT_DIFFERENTIABLE = _names(
    # predicates and comparisons: booleans
    'numpy.isnan numpy.isinf numpy.isfinite numpy.isposinf numpy.isneginf numpy.isscalar',
    'numpy.iscomplexobj numpy.isrealobj numpy.iscomplex numpy.isreal numpy.iterable',
    'numpy.isclose numpy.allclose numpy.array_equal numpy.array_equiv numpy.isin',
    'numpy.any numpy.all ndarray.any ndarray.all numpy.signbit numpy.in1d',
    'numpy.logical_and numpy.logical_or numpy.logical_not numpy.logical_xor',
    'numpy.equal numpy.not_equal numpy.less numpy.less_equal numpy.greater',
    'numpy.greater_equal',
    # indices and counts
    'numpy.argmax numpy.argmin numpy.argsort numpy.argwhere numpy.argpartition',
    'numpy.nanargmax numpy.nanargmin numpy.nonzero numpy.flatnonzero numpy.count_nonzero',
    'numpy.searchsorted numpy.digitize numpy.bincount numpy.lexsort numpy.unravel_index',
    'numpy.ravel_multi_index numpy.indices numpy.diag_indices numpy.diag_indices_from',
    'numpy.tril_indices numpy.triu_indices numpy.tril_indices_from numpy.triu_indices_from',
    'numpy.mask_indices numpy.ix_ numpy.linalg.matrix_rank',
    'ndarray.argmax ndarray.argmin ndarray.argsort ndarray.nonzero ndarray.searchsorted',
    'ndarray.argpartition',
    # shapes, sizes and Python values
    'numpy.shape numpy.ndim numpy.size numpy.broadcast_shapes ndarray.tolist ndarray.item',
    'ndarray.fill ndarray.view ndarray.__array__',
    # made from shapes or constants: nothing to differentiate
    'numpy.zeros numpy.ones numpy.empty numpy.eye numpy.identity numpy.arange numpy.full',
    'numpy.zeros_like numpy.ones_like numpy.empty_like numpy.full_like numpy.tri',
    'numpy.linspace numpy.logspace numpy.geomspace numpy.hamming numpy.hanning',
    'numpy.bartlett numpy.blackman numpy.kaiser numpy.fft.fftfreq numpy.fft.rfftfreq',
    # piecewise constant (zero gradient almost everywhere), integer and bit arithmetic
    'numpy.floor numpy.ceil numpy.round numpy.around numpy.rint numpy.trunc numpy.fix',
    'numpy.sign numpy.floor_divide numpy.histogram numpy.histogram2d numpy.histogramdd',
    'numpy.histogram_bin_edges ndarray.round numpy.spacing numpy.nextafter numpy.gcd',
    'numpy.lcm numpy.bitwise_and numpy.bitwise_or numpy.bitwise_xor numpy.bitwise_not',
    'numpy.bitwise_invert numpy.invert numpy.left_shift numpy.right_shift',
    'numpy.bitwise_left_shift numpy.bitwise_right_shift numpy.bitwise_count',
    'numpy.packbits numpy.unpackbits numpy.frexp numpy.isnat',
    # random draws (reparametrised gradients are not claimed)
    'numpy.random.default_rng numpy.random.RandomState numpy.random.Generator')
# bool and integer scalar types, whose call gives no float
NOT_DIFFERENTIABLE |= {f'numpy.{name}' for name in dir(np) if isinstance(getattr(np, name), type)
                       and issubclass(getattr(np, name), (np.integer, np.bool_))}


def _public_callables(owner):
    return sorted(name for name in dir(owner) if not name.startswith('_')
                  and callable(getattr(owner, name, None))
                  and not isinstance(getattr(owner, name), types.ModuleType))


def api_names():
    """Every name of the table, spelled as cases and numpy_top300.txt spell them."""
    names = [f'{prefix}.{name}' for prefix, module in MODULES for name in _public_callables(module)]
    names += [f'{prefix}.{name}' for prefix, cls in CLASSES for name in _public_callables(cls)]
    return names + list(NDARRAY_EXTRAS)


def differentiable(name, claims):
    """A Case checks its gradient, or it is not one of NOT_DIFFERENTIABLE or REASONS."""
    if claims.get(name, {}).get('grad'):
        return True
    return not (name in NOT_DIFFERENTIABLE or name in REASON_OF or name.startswith(
        ('Generator.', 'RandomState.', 'numpy.random.')))


def load_cases():
    """Every Case of tests/numpy_api (whose modules import each other by their file names)."""
    if str(CASES_FOLDER) not in sys.path:
        sys.path.insert(0, str(CASES_FOLDER))
    from numpy_case import all_cases
    return all_cases()


def claims_of(cases):
    """name -> {'graph', 'jit', 'onnx', 'grad': bool, 'why': {mark: reason}} over its cases."""
    claims = {}
    for case in cases:
        claim = claims.setdefault(case.name, {'graph': True, 'jit': False, 'onnx': False,
                                              'grad': False, 'why': {}, 'notes': []})
        claim['jit'] |= case.jit is None
        claim['onnx'] |= case.onnx is None
        claim['grad'] |= case.grad
        for mark, reason in (('jit', case.jit), ('onnx', case.onnx)):
            if reason is not None:
                claim['why'].setdefault(mark, reason)
        if case.note and case.note not in claim['notes']:
            claim['notes'].append(case.note)
    return claims


def _cell(flag):
    return 'yes' if flag else '-'


def row(name, claims, uses):
    claim = claims.get(name)
    count = str(uses.get(name, ''))
    if claim is None:
        reason = REASON_OF.get(name, NO_OP_YET)
        return f'| `{name}` | {count} | - | - | - | - | {reason} |'
    notes = list(claim['notes'])
    for mark in ('jit', 'onnx'):
        if not claim[mark]:
            notes.append(f"{mark}: {claim['why'][mark]}")
    if not claim['grad'] and differentiable(name, claims):
        notes.append('gradient: no case checks it')
    grad = _cell(claim['grad']) if differentiable(name, claims) else 'n/a'
    text = '; '.join(notes).replace('|', '/').replace('\n', ' ')
    return (f"| `{name}` | {count} | yes | {_cell(claim['jit'])} | {_cell(claim['onnx'])} "
            f'| {grad} | {text} |')


def percentages(claims, top):
    """The summary's numbers on the top list: [(label, names fraction, uses fraction)]."""
    def share(selected, among):
        names = sum(1 for name, _ in among if selected(name))
        uses = sum(count for name, count in among if selected(name))
        return names, len(among), uses, sum(count for _, count in among)
    with_grad = [(name, count) for name, count in top if differentiable(name, claims)]
    return [
        ('traced, equal to eager numpy', share(lambda n: n in claims, top)),
        ('compiled under jit_compile=True', share(lambda n: claims.get(n, {}).get('jit'), top)),
        ('exported to ONNX', share(lambda n: claims.get(n, {}).get('onnx'), top)),
        ('gradients checked, of the differentiable ones',
         share(lambda n: claims.get(n, {}).get('grad'), with_grad)),
    ]


def summary(cases):
    claims = claims_of(cases)
    top = numpy_usage.read_top()
    names = api_names()
    lines = [f'numpy API table: {len(names)} names, {sum(n in claims for n in names)} traced '
             f'({len(cases)} cases in tests/numpy_api)',
             f'on the {len(top)} most used names (benchmarks/numpy_top300.txt), of names / '
             'weighted by uses:']
    for label, (hits, total, used, all_uses) in percentages(claims, top):
        lines.append(f'  {label:<48} {100 * hits / total:5.1f}% of {total:<4} '
                     f'{100 * used / all_uses:5.1f}% of uses')
    return lines


def table(cases):
    """The markdown of the table (deterministic: the cases and numpy's names decide it)."""
    claims = claims_of(cases)
    uses = dict(numpy_usage.read_top())
    lines = [
        '# numpy API coverage',
        '',
        'Generated by `python -m benchmarks.numpy_coverage` from the cases in',
        '`tests/numpy_api/cases_*.py` (each claim checked by `tests/numpy_api/test_numpy_api.py`);',
        f'do not edit. numpy {np.__version__}. Columns: uses in numpy_top300.txt; traced in',
        'graphs equal to eager numpy; compiled under `jit_compile=True`; exported to ONNX;',
        'gradients against finite differences (n/a: not differentiable); notes and reasons.',
        '',
        *('    ' + line for line in summary(cases)),
    ]
    for title, prefix in (('numpy', 'numpy.'), ('numpy.linalg', 'numpy.linalg.'),
                          ('numpy.fft', 'numpy.fft.'), ('numpy.random', 'numpy.random.'),
                          ('ndarray methods', 'ndarray.'), ('Generator methods', 'Generator.'),
                          ('RandomState methods', 'RandomState.')):
        names = [n for n in api_names() if n.startswith(prefix)
                 and (prefix != 'numpy.' or n.count('.') == 1)]
        lines += ['', f'## {title}', '', '| name | uses | graph | jit | ONNX | grad | notes |',
                  '|---|---|---|---|---|---|---|']
        lines += [row(name, claims, uses) for name in names]
    return '\n'.join(lines) + '\n'


def run():
    """`make bench`'s rows: the summary."""
    return summary(load_cases())


def main():
    cases = load_cases()
    TABLE_PATH.write_text(table(cases))
    print(f'wrote {TABLE_PATH.relative_to(REPO)}')
    for line in summary(cases):
        print(line)


if __name__ == '__main__':
    main()
