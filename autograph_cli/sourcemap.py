"""The source map line that ends every converted module (format: `runtime/converted_code/sourcemap.py`)."""
from runtime.converted_code.sourcemap import source_digest


def encode(marks):
    """Segments `C:O` (verbatim run) and `C=O` (generated lines) from codegen marks."""
    segments = []
    last = None  # (converted, original, verbatim) of the open segment
    for converted, original, verbatim in marks:
        if last is not None:
            c, o, v = last
            continues = (v and verbatim and original - o == converted - c) or \
                        (not v and not verbatim and original == o)
            if continues or converted == c and segments and segments[-1][0] == converted:
                if converted == c:
                    segments[-1] = (converted, original, verbatim)
                    last = (converted, original, verbatim)
                continue
        segments.append((converted, original, verbatim))
        last = (converted, original, verbatim)
    return ','.join(f'{c}{":" if v else "="}{o}' for c, o, v in segments)


def statement(path, marks, source):
    """The map of a module converted from `source` (original file `path`), with its digest."""
    # ascii(): the path is the one text not taken from the source, so it may not fit its encoding
    return (f'__ag_source_map__ = ag__.SourceMap({ascii(path)}, {encode(marks)!r}, '
            f'{source_digest(source)!r})')
