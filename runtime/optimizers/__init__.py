"""`rt.optimizers`: SGD and Adam with TensorFlow's (Keras') update formulas."""
from .adam import Adam
from .optimizer import Optimizer
from .sgd import SGD

__all__ = ['Adam', 'Optimizer', 'SGD']
