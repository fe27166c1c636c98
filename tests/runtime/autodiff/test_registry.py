"""Every op of the registry either has a gradient rule or says why it has none."""
import numpy as np

import runtime.autodiff.op_hook  # noqa: F401  (registers the sub-graph ops' gradients: cond, loops)
from runtime import graph_ops
from runtime.graph_ops.elementwise import UFUNCS

# Ops with float outputs and no gradient: each with the reason it has none. Keep it small.
ALLOWED_WITHOUT_GRADIENT = {
    'stop_gradient': 'stops differentiation by design',
    'py_function': 'Python code the graph cannot see into',
    'py_binary': 'Python numbers carried by graph control flow: constants',
    'py_unary': 'Python numbers carried by graph control flow: constants',
    **dict.fromkeys(('real', 'imag', 'eig', 'eigvals', 'fft', 'ifft', 'rfft', 'irfft', 'hfft', 'ihfft', 'fftn',
                     'ifftn', 'rfftn', 'irfftn'),
                    'complex values, which gradient tapes do not follow (refused, not None)'),
}
NOT_A_VALUE = 'an effect'  # effects and variable updates give no value to differentiate


def _float_outputs(name):
    """False for ufuncs numpy defines without a float-output loop."""
    ufunc = UFUNCS.get(name)
    return ufunc is None or any(t.split('->')[1][0] in 'efdg' for t in ufunc.types)


def test_every_op_has_a_gradient_rule_or_a_reason():
    missing = [n for n in graph_ops.names() if n not in graph_ops.GRADIENTS and n not in graph_ops.NO_GRADIENT]
    assert missing == []


def test_ops_without_gradient_are_not_differentiable_by_dtype_or_allowed():
    unexplained = []
    for name, reason in graph_ops.NO_GRADIENT.items():
        integer_outputs = ('integers' in reason or 'integer size' in reason
                           or 'outputs are booleans' in reason)
        if integer_outputs and name in UFUNCS:
            assert not _float_outputs(name), name
        elif not (integer_outputs or name in ALLOWED_WITHOUT_GRADIENT or NOT_A_VALUE in reason
                  or 'state, not a value' in reason):
            unexplained.append(name)
    assert unexplained == []


def test_no_op_has_both_a_rule_and_a_reason():
    assert set(graph_ops.GRADIENTS) & set(graph_ops.NO_GRADIENT) == set()


def test_float_ufuncs_all_differentiate():
    float_ufuncs = {n for n in UFUNCS if _float_outputs(n)}
    assert float_ufuncs - set(graph_ops.GRADIENTS) == set()
    assert np.add.__name__ in graph_ops.GRADIENTS
