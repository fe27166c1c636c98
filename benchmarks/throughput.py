"""agconvert throughput on the top level of the running Python's standard library."""
import os
import pathlib
import subprocess
import sys
import tempfile
import time

from autograph_cli.api import convert_source
from autograph_cli.pipeline import convert_module


def stdlib_files():
    root = pathlib.Path(os.__file__).parent
    files = []
    for path in sorted(root.glob('*.py')):
        try:
            files.append((path, path.read_text(encoding='utf-8')))
        except (UnicodeDecodeError, OSError):
            continue
    return files


def run():
    files = stdlib_files()
    lines = sum(text.count('\n') for _, text in files)
    start = time.perf_counter()
    for path, text in files:
        convert_module(text, str(path))
    in_process = time.perf_counter() - start
    rows = [f'{"convert_module, one process":<48} {len(files)} files, {lines} lines in '
            f'{in_process:.1f} s = {lines / in_process:,.0f} lines/s   (target >= 10,000)']
    start = time.perf_counter()
    for path, text in files:
        convert_source(text, str(path))  # what the CLI runs: compile() of input and output included
    checked = time.perf_counter() - start
    rows.append(f'{"convert_source (+ compile() checks)":<48} {checked:.1f} s = {lines / checked:,.0f} lines/s'
                f'   (checks: +{100 * (checked - in_process) / in_process:.0f}%)')
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp) / 'src'
        src.mkdir()
        for path, _ in files:
            (src / path.name).symlink_to(path)
        agconvert = pathlib.Path(sys.executable).with_name('agconvert')
        for jobs in (1, 2):
            out = pathlib.Path(tmp) / f'out{jobs}'
            start = time.perf_counter()
            subprocess.run([str(agconvert), '--jobs', str(jobs), str(src), '-o', str(out)],
                           check=False, capture_output=True)
            elapsed = time.perf_counter() - start
            rows.append(f'{f"agconvert --jobs {jobs} (CLI, whole run)":<48} {elapsed:.1f} s = '
                        f'{lines / elapsed:,.0f} lines/s')
    return rows


if __name__ == '__main__':
    print('\n'.join(run()))
