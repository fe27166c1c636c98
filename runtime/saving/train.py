"""`rt.train`: checkpoints of variables, as `tf.train` (`Checkpoint`, `latest_checkpoint`)."""
from .checkpoint import Checkpoint, CheckpointError, latest_checkpoint

__all__ = ['Checkpoint', 'CheckpointError', 'latest_checkpoint']
