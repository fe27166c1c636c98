"""Running saved models in a fresh interpreter that cannot import the code that defined them.

`run_loaded(jobs, directory)` writes each job's arguments to files, starts one
Python process that blocks imports of the test modules, loads every saved model,
calls it on the arguments, and gives back, per job, the results (a structure
text and its arrays), the printed text and the final values of the variables.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[3]

# The child runs this; `flatten` is shared with the parent through this text alone.
CHILD = r'''
import contextlib, importlib.abc, io, json, sys
import numpy as np

class Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('corpus', 'tests', 'conftest', 'roundtrip'):
            raise ImportError(f'{name} may not be imported by a loaded model')
sys.meta_path.insert(0, Blocked())
sys.path = [p for p in sys.path if 'tests' not in p]

import runtime as rt

def flatten(value, arrays):
    if isinstance(value, dict):
        return '{' + ', '.join(f'{k!r}: {flatten(v, arrays)}' for k, v in value.items()) + '}'
    if isinstance(value, (list, tuple)):
        inner = ', '.join(flatten(v, arrays) for v in value)
        return f'{type(value).__name__}[{inner}]'
    if isinstance(value, (np.ndarray, np.generic)):
        arrays.append(np.asarray(value))
        return f'{type(value).__name__}:{np.asarray(value).dtype}'
    return repr(value)

def argument(entry, data):
    if 'py' in entry:
        return entry['py']
    value = data[entry['array']]
    return value[()] if entry['scalar'] else value.copy()

jobs = json.load(open(sys.argv[1]))
results = {}
for job in jobs:
    model = rt.saved_model.load(job['path'])
    data = np.load(job['args'], allow_pickle=False)
    outputs, arrays, printed = [], [], io.StringIO()
    with contextlib.redirect_stdout(printed):
        for call in job['calls']:
            outputs.append(flatten(model(*[argument(e, data) for e in call]), arrays))
    variables = {f'{i}_{v.name}': v.numpy() for i, v in enumerate(model.variables)}
    np.savez(job['out'], *arrays, **{'var_' + k: v for k, v in variables.items()})
    results[job['name']] = {'outputs': outputs, 'printed': printed.getvalue(),
                            'variables': sorted(variables)}
json.dump(results, open(sys.argv[2], 'w'))
'''


def flatten(value, arrays):
    """The parent's copy of the child's `flatten` (the same function, from the same text)."""
    namespace = {'np': np}
    exec(CHILD[CHILD.index('def flatten'):CHILD.index('def argument')], namespace)
    return namespace['flatten'](value, arrays)


def _encode_calls(calls, args_file):
    arrays, encoded = {}, []
    for call in calls:
        entries = []
        for value in call:
            if isinstance(value, (np.ndarray, np.generic)):
                key = f'a{len(arrays)}'
                arrays[key] = np.asarray(value)
                entries.append({'array': key, 'scalar': isinstance(value, np.generic)})
            else:
                entries.append({'py': value})
        encoded.append(entries)
    np.savez(args_file, **arrays)
    return encoded


def run_loaded(jobs, directory):
    """{name: (outputs, arrays, printed, {variable name: value})} of each loaded job."""
    directory = Path(directory)
    specs = []
    for name, path, calls in jobs:
        args_file = directory / f'{name}.args.npz'
        specs.append({'name': name, 'path': str(path), 'calls': _encode_calls(calls, args_file),
                      'args': str(args_file), 'out': str(directory / f'{name}.out.npz')})
    (directory / 'jobs.json').write_text(json.dumps(specs))
    env = {**os.environ, 'PYTHONPATH': str(ROOT)}
    subprocess.run([sys.executable, '-c', CHILD, str(directory / 'jobs.json'),
                    str(directory / 'results.json')], check=True, env=env, cwd=str(directory))
    results = json.loads((directory / 'results.json').read_text())
    loaded = {}
    for spec in specs:
        result = results[spec['name']]
        with np.load(spec['out'], allow_pickle=False) as data:
            arrays = [data[f'arr_{i}'] for i in range(len(data.files)) if f'arr_{i}' in data]
            variables = {k[4:]: data[k] for k in data.files if k.startswith('var_')}
        loaded[spec['name']] = (result['outputs'], arrays, result['printed'], variables)
    return loaded
