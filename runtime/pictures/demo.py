"""`make demo`: the sample model's training-step graph as a picture (`python -m runtime.pictures.demo
OUT.svg`); without Graphviz, the DOT text beside it and how to install Graphviz."""
import importlib.util
import shutil
import sys
from pathlib import Path

from .dot import INSTALL, render, to_dot


def main(out):
    sample = Path(__file__).resolve().parents[2] / 'samples' / 'training_loop.py'
    spec = importlib.util.spec_from_file_location('training_loop', sample)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    concrete = module.train.get_concrete_function(module.batches, module.batch_labels)
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    if shutil.which('dot') is None:
        dot_file = Path(out).with_suffix('.dot')
        dot_file.write_text(to_dot(concrete, 'train'))
        print(f'wrote {dot_file} ({INSTALL})')
        return
    print(f'wrote the training-step graph to {render(concrete, out)}')


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else 'build/demo/training_step.svg')
