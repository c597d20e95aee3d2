"""heat-conv's version, as installed.

setuptools-scm derives it from the git tags when the package is built or
installed (pyproject.toml), so the source holds no version number: this
reads the installed distribution's metadata.
"""
import importlib.metadata

DISTRIBUTION = 'heat-conv'
# A source tree on sys.path that was never installed has no metadata.
UNKNOWN = 'unknown'


def version_string():
    """The installed heat-conv's version (``1.2.0``, ``1.2.1.dev3+g1a2b3c4``),
    or ``unknown``."""
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return UNKNOWN
