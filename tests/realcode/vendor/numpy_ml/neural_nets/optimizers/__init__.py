from .optimizers import *
