"""Versions come from git tags (setuptools-scm, pyproject.toml), and every
command prints its own with --version."""
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys

import pytest

from heat_conv.common import version
from tests.deploy.devstack import REPO

BIN_DIR = os.path.dirname(sys.executable)
DEV_VERSION = re.compile(r"^0\.0\.1\.dev\d+\+g[0-9a-f]{7,}$")


def _run(*args, cwd=None):
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_heat_conv_manage_prints_the_installed_version():
    out = _run(os.path.join(BIN_DIR, 'heat-conv-manage'), '--version')
    assert out.strip() == importlib.metadata.version('heat-conv') == version.version_string()
    assert out.strip() != version.UNKNOWN


def test_the_client_prints_its_installed_version():
    out = _run(os.path.join(BIN_DIR, 'heat-conv'), '--version')
    assert out.strip() == f'heat-conv {importlib.metadata.version("heat-conv-client")}'


def test_an_uninstalled_tree_answers_unknown(monkeypatch):
    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)
    monkeypatch.setattr(importlib.metadata, 'version', missing)
    assert version.version_string() == 'unknown'


@pytest.fixture(scope='module')
def clone(tmp_path_factory):
    """A clone of this repository's committed tree, without its tags (as a
    CI checkout may be)."""
    if shutil.which('git') is None:
        pytest.skip('git is not installed')
    path = tmp_path_factory.mktemp('clone') / 'heat-conv'
    _run('git', 'clone', '--quiet', '--no-tags', str(REPO), str(path))
    for setting in (('user.name', 'test'), ('user.email', 'test@example.com')):
        _run('git', 'config', *setting, cwd=path)
    return path


def _setup_version(path, **env):
    # setuptools reads setup.cfg and pyproject.toml, as pip's build does.
    done = subprocess.run([sys.executable, 'setup.py', '-q', '--version'], cwd=path,
                          capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, **env))
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.strip().splitlines()[-1]


def test_a_clone_without_tags_has_a_development_version(clone):
    assert DEV_VERSION.match(_setup_version(clone))


def test_a_tag_is_the_version_of_the_server_and_the_client(clone):
    _run('git', 'tag', '-a', '-m', 'release 7.8.9', '7.8.9', cwd=clone)
    try:
        assert _setup_version(clone) == '7.8.9'
        assert _setup_version(clone / 'client') == '7.8.9'
    finally:
        _run('git', 'tag', '-d', '7.8.9', cwd=clone)


def test_a_tree_without_git_metadata_has_the_fallback_version(clone, tmp_path):
    export = tmp_path / 'export'
    export.mkdir()
    archive = subprocess.run(['git', 'archive', 'HEAD'], cwd=clone, capture_output=True,
                             check=True).stdout
    subprocess.run(['tar', '-x', '-C', str(export)], input=archive, check=True)
    assert _setup_version(export) == '0.0.0'
    # The Containerfile's build context is such a tree: it passes the
    # version it is given (--build-arg VERSION) on to setuptools-scm.
    assert 'SETUPTOOLS_SCM_PRETEND_VERSION="$VERSION"' in (REPO / 'Containerfile').read_text()
    assert _setup_version(export, SETUPTOOLS_SCM_PRETEND_VERSION='4.5.6') == '4.5.6'
