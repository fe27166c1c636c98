"""The agconvert command line: turns options into one write-back mode and hands the work to the api ladder."""
import gc
import os
import sys

import click

from . import __version__, api, interrupts

# Below this many files a progress bar would only flicker.
PROGRESS_MIN_FILES = 20
# Erases a progress bar line so a message printed while it is shown starts clean.
CLEAR_LINE = '\r\x1b[K'

EPILOG = """Exit status: 0 ok; 1 conversion errors, --strict warnings or a stale
--check; 2 usage error; 128 + N when stopped by signal N (130 for Ctrl-C).
Problems go to stderr as `path:line:col: severity: message`."""


def choose_mode(src, output, diff, check):
    """The write-back mode the options ask for; a usage error when they conflict."""
    if output == '':
        raise click.UsageError('-o needs a path; it was given an empty one.')
    if diff and check:
        raise click.UsageError('--diff and --check cannot be combined.')
    if diff and output:
        raise click.UsageError('--diff prints to stdout; it cannot be combined with -o.')
    if check and not output:
        raise click.UsageError('--check needs -o: the generated file or directory to compare against.')
    if os.path.isdir(src) and not (output or diff):
        raise click.UsageError(f'{src} is a directory: give an output directory with -o (or use --diff).')
    if check:
        return api.WriteBack.CHECK
    if diff:
        return api.WriteBack.DIFF
    return api.WriteBack.FILE if output else api.WriteBack.STDOUT


@click.command(epilog=EPILOG, context_settings={'help_option_names': ['-h', '--help']})
# readable=False: an unreadable file is a conversion error at path:1:1 (exit 1), not a usage error
@click.argument('src', type=click.Path(exists=True, readable=False, allow_dash=True))
@click.option('-o', '--output', type=click.Path(), metavar='PATH',
              help='Write the converted file here (a directory, for a directory SRC), atomically.')
@click.option('--diff', is_flag=True, help='Print a unified diff, original -> converted, instead.')
@click.option('--check', is_flag=True,
              help='Write nothing; exit 1 if -o is missing or differs from a fresh conversion.')
@click.option('-j', '--jobs', type=click.IntRange(min=1), default=1, show_default=True, metavar='N',
              help='Convert a directory in this many processes.')
@click.option('--strict', is_flag=True, help='Treat every warning as an error.')
@click.version_option(__version__, prog_name='agconvert')
@click.pass_context
def main(ctx, src, output, diff, check, jobs, strict):
    """Convert SRC (a .py file, a directory of them, or - for stdin) into explicit ag__ graph code."""
    interrupts.stop_on_signals()
    _collect_rarely()
    mode = choose_mode(src, output, diff, check)
    try:
        tally = run(src, output, mode, strict, jobs)
    except interrupts.Interrupted as e:
        click.echo(f'agconvert: interrupted by {e}; every file written is complete', err=True)
        # every cleanup has run; exiting now skips waiting for a conversion the run no longer needs
        os._exit(128 + e.signum)
    except StdoutFailed as e:
        _silence_stdout()
        click.echo(f'<stdout>: error: cannot write: {e}', err=True)
        ctx.exit(1)
    ctx.exit(tally.exit_code)


def _collect_rarely():
    """The agconvert process (and its forked workers) never scans what it loaded at start, and
    collects only once a million new objects are alive: a conversion leaves no cyclic garbage
    (tests/converters/test_pipeline.py holds it), so a collection would find nothing to free,
    and each pass over a module's trees costs about a tenth of a second. The process is ours:
    a library call does not do this."""
    gc.freeze()
    gc.set_threshold(1_000_000, 50, 1000)


def run(src, output, mode, strict, jobs):
    """Convert, show every report, and for a tree the summary; the Tally of the reports."""
    tree = os.path.isdir(src)
    try:
        if tree:
            reports = api.convert_tree(src, output, mode=mode, strict=strict, jobs=jobs)
        else:
            reports = [api.convert_file(src, output, mode=mode, strict=strict)]
    except api.PathConflict as e:
        raise click.UsageError(str(e)) from None
    tally = api.Tally(mode)
    show_all(reports, tally)
    if tree:
        click.echo(str(tally), err=True)
    return tally


def show_all(reports, tally):
    """Show every report, under a progress bar when a person is watching many files."""
    items = iter(reports)
    try:
        if not (sys.stderr.isatty() and len(reports) >= PROGRESS_MIN_FILES):
            for report in items:
                show(report, tally)
            return
        with click.progressbar(items, length=len(reports), label='converting', file=sys.stderr) as bar:
            for report in bar:
                show(report, tally, prefix=CLEAR_LINE)
    finally:
        if hasattr(items, 'close'):
            items.close()  # a run left early stops its workers now, not when it is collected


def show(report, tally, prefix=''):
    """Count one report, print its output on stdout and its messages on stderr."""
    tally.add(report)
    if report.output:
        write_stdout(report.output)
    for line in report.messages():
        click.echo(prefix + line, err=True)


class StdoutFailed(Exception):
    """stdout is closed, full, or a pipe nobody reads any more; the message says which."""


def write_stdout(data):
    """Write bytes to stdout (so the source's own encoding reaches it); StdoutFailed if it cannot."""
    if sys.stdout is None:  # the process was started with its stdout closed
        raise StdoutFailed('stdout is closed')
    stream = getattr(sys.stdout, 'buffer', sys.stdout)
    try:
        stream.write(data)
        stream.flush()
    except OSError as e:
        raise StdoutFailed(e.strerror or str(e)) from None


def _silence_stdout():
    """Point a failed stdout at /dev/null, so Python's final flush does not fail again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # no stdout, or not a real file
        pass
