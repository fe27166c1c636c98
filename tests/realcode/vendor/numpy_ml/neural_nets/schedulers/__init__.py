from .schedulers import *
