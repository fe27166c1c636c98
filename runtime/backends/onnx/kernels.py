"""Which element types each ONNX operator runs on, and computing in a wider one where not.

The ONNX standard and onnxruntime's CPU kernels each accept only some element
types per operator (`SUPPORTED`, measured on onnxruntime 1.32 by building a
one-node model per operator and type). A node asked for another type computes
in the first wider type that holds every value of its own (`_VALUE_WIDER`), or,
for the wrapping integer arithmetic, in int64 (`_MODULAR`: two's-complement
arithmetic then truncation is arithmetic modulo 2**bits, numpy's own), or, for
Where, in the signed type of the same size (Cast keeps the bits), and casts back. Where no such type exists the export is refused naming the op.
"""
import numpy as np

_ALL = ('bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64',
        'float16', 'float32', 'float64')
_INTS = ('int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64')
_FLOATS = ('float16', 'float32', 'float64')
_F16_F32 = ('float16', 'float32')  # no float64 kernel in onnxruntime

SUPPORTED = {op: frozenset(map(np.dtype, types)) for op, types in {
    **{op: _FLOATS for op in ('Sqrt', 'Exp', 'Log', 'Sin', 'Cos', 'Tanh', 'Floor', 'Ceil',
                              'Reciprocal', 'Round', 'IsNaN')},
    **{op: _F16_F32 for op in ('Tan', 'Sinh', 'Cosh', 'Asin', 'Acos', 'Atan', 'Asinh', 'Acosh',
                               'Atanh', 'Det')},
    'IsInf': ('float32', 'float64'),
    'Neg': ('int8', 'int16', 'int32', 'int64') + _FLOATS,
    **{op: _INTS + _FLOATS for op in ('Abs', 'Sign', 'Add', 'Sub', 'Mul', 'Div', 'Less',
                                      'Greater', 'LessOrEqual', 'GreaterOrEqual', 'Mod')},
    **{op: _INTS for op in ('BitwiseAnd', 'BitwiseOr', 'BitwiseXor', 'BitwiseNot')},
    **{op: ('bool',) for op in ('Not', 'And', 'Or', 'Xor')},
    'Equal': _ALL,
    **{op: ('int8', 'int32', 'int64', 'uint8', 'uint32', 'uint64') + _FLOATS
       for op in ('Max', 'Min', 'Clip')},
    'Pow': ('int32', 'int64') + _FLOATS,
    'MatMul': ('int32', 'int64', 'uint32', 'uint64') + _FLOATS,
    **{op: ('int32', 'int64') + _FLOATS for op in ('ReduceSum', 'ReduceMean', 'ReduceProd',
                                                   'CumSum', 'Einsum')},
    **{op: ('int8', 'int32', 'int64', 'uint8') + _FLOATS for op in ('ReduceMax', 'ReduceMin',
                                                                    'ArgMax', 'ArgMin')},
    'TopK': ('int8', 'int16', 'int32', 'int64', 'uint8') + _FLOATS,
    'Where': ('int8', 'int32', 'int64', 'uint8', 'uint32') + _FLOATS,
    'NonZero': ('bool', 'int32', 'int64', 'uint8', 'float16', 'float32'),
    'Range': ('int16', 'int32', 'int64', 'float32', 'float64'),
    'EyeLike': ('int32', 'int64', 'uint64') + _FLOATS,
}.items()}

_MODULAR = {'Add', 'Sub', 'Mul', 'Neg', 'ReduceSum', 'ReduceProd', 'CumSum', 'MatMul', 'Einsum'}
_VALUE_WIDER = {  # the types holding every value of the key's type, narrowest first
    'bool': ('uint8', 'int32', 'int64'), 'int8': ('int16', 'int32', 'int64'),
    'uint8': ('int16', 'int32', 'int64'), 'int16': ('int32', 'int64'),
    'uint16': ('int32', 'int64', 'uint32'), 'int32': ('int64',), 'uint32': ('int64', 'uint64'),
    'float16': ('float32', 'float64'), 'float32': ('float64',)}
_SAME_BITS = {'uint64': 'int64', 'uint16': 'int16'}  # for Where, which only moves values
_BOOL_RESULT = {'Less', 'Greater', 'LessOrEqual', 'GreaterOrEqual', 'Equal', 'Not', 'And', 'Or',
                'Xor', 'IsNaN', 'IsInf'}
_INT64_RESULT = {'Shape', 'Size', 'ArgMax', 'ArgMin', 'NonZero'}
_DATA_INPUTS = {'Where': (1, 2)}  # the inputs of the computed type (default: all of that type)


def result_dtypes(onnx, op, in_dtypes, attributes, count):
    """The element types of a node's `count` outputs (None where not known)."""
    first = next((d for d in in_dtypes[1:2] if op == 'Where'), in_dtypes[0] if in_dtypes else None)
    if op in _BOOL_RESULT:
        return [np.dtype(bool)] * count
    if op in _INT64_RESULT:
        return [np.dtype(np.int64)] * count
    if op == 'Cast':
        return [np.dtype(onnx.helper.tensor_dtype_to_np_dtype(attributes['to']))]
    if op == 'ConstantOfShape':
        return [onnx.numpy_helper.to_array(attributes['value']).dtype]
    if op == 'TopK':
        return [first, np.dtype(np.int64)]
    if op in ('If', 'Loop'):
        return [None] * count
    return [first] * count


def compute_dtype(op, in_dtypes):
    """The type `op` computes in when given `in_dtypes`: their own, a wider one, or None if
    no type it runs on computes the same (the caller refuses)."""
    dtype = (in_dtypes[1] if op == 'Where' else in_dtypes[0]) if in_dtypes else None
    supported = SUPPORTED.get(op)
    if dtype is None or supported is None or dtype in supported:
        return dtype
    if op in _MODULAR and dtype.kind in 'iu' and np.dtype(np.int64) in supported:
        return np.dtype(np.int64)
    if op in _MODULAR and dtype == np.float16:  # float32 rounds to float16 exactly after
        return np.dtype(np.float32)
    candidates = _VALUE_WIDER.get(dtype.name, ())
    if op == 'Where' and dtype.name in _SAME_BITS:  # Cast to and from it keeps the bits
        candidates = (_SAME_BITS[dtype.name],) + candidates
    for wider in map(np.dtype, candidates):
        if wider in supported:
            return wider
    return None


def data_inputs(op, in_dtypes, dtype):
    """Positions of the inputs of the computed type `dtype`."""
    return _DATA_INPUTS.get(op, [i for i, d in enumerate(in_dtypes) if d == dtype])


def carries_type(op, count):
    """Which outputs are of the computed type (cast back after a wider computation)."""
    if op in _BOOL_RESULT or op in _INT64_RESULT or op == 'Cast':
        return [False] * count
    return [True] + [op != 'TopK'] * (count - 1)
