# noqa
"""Common ML and ML-adjacent algorithms implemented in NumPy"""

# Vendored subset (see ../README.md): upstream also imports hmm, lda, ngram,
# nonparametric, rl_models, bandits and factorization, which are not vendored.
from . import utils
from . import preprocessing

from . import gmm
from . import linear_models
from . import neural_nets
from . import trees
