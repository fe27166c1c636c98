"""A module of basic building blcoks for constructing neural networks"""
# Vendored subset (see ../../README.md): upstream also imports modules and
# models, which are not vendored.
from . import utils
from . import losses
from . import activations
from . import schedulers
from . import optimizers
from . import wrappers
from . import layers
from . import initializers
