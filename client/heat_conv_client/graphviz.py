"""Turning DOT source into SVG or PNG with Graphviz's ``dot`` program."""
import shutil
import subprocess

IMAGE_FORMATS = ('svg', 'png')
PACKAGE_HINT = ('install Graphviz (the Debian/Ubuntu package "graphviz": '
                'apt-get install graphviz), or use --format dot')


class RenderError(Exception):
    pass


def render(dot_source, image_format, timeout=60):
    """The image bytes; RenderError says why there are none."""
    if image_format not in IMAGE_FORMATS:
        raise RenderError(f'cannot render {image_format!r}; choose one of '
                          f'{", ".join(IMAGE_FORMATS)}')
    program = shutil.which('dot')
    if program is None:
        raise RenderError(f'--format {image_format} needs Graphviz\'s "dot" program, '
                          f'which is not on PATH: {PACKAGE_HINT}')
    try:
        done = subprocess.run([program, f'-T{image_format}'], input=dot_source.encode(),
                              capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RenderError(f'Graphviz took more than {timeout}s to draw the graph')
    if done.returncode != 0:
        reason = done.stderr.decode(errors='replace').strip()
        raise RenderError(f'Graphviz failed (exit {done.returncode}): {reason}')
    return done.stdout
