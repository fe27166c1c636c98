"""The ops: one family per module, each op registered once with its numpy implementation beside
its type rule (`runtime.ir.registry`). Importing this package registers them all."""
from ..ir.registry import (  # noqa: F401  (for callers)
    GRADIENTS,
    NO_GRADIENT,
    Op,
    all_ops,
    defop,
    defvjp,
    defvjp_all,
    get,
    in_place_methods,
    is_registered,
    method_names,
    names,
    names_where,
    no_gradient,
    numpy_functions,
    register,
)

# Each family registers its ops on import.
from . import (  # noqa: F401
    control,
    creation,
    effects,
    elementwise,
    floating_errors,
    indexing,
    joining,
    linalg,
    lists,
    python_scalars,
    random,
    reductions,
    searching,
    selection,
    sets,
    shape_ops,
    state,
    update_gradients,
    updates,
)
