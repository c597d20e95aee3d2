"""`install`: one venv for every service, pinned by the constraints file.

Runs on the system python (standard library only). A stamp in the venv
records what was installed: a second install with the same requirements,
constraints, driver package and python is a no-op.
"""
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REQUIREMENTS = os.path.join(TOOLS, 'minicloud-requirements.txt')
CONSTRAINTS = os.path.join(TOOLS, 'minicloud-constraints.txt')
ML2_PACKAGE = os.path.join(TOOLS, 'minicloud_ml2')
STAMP = '.minicloud-installed'


def _fingerprint(python):
    digest = hashlib.sha256()
    files = [REQUIREMENTS, CONSTRAINTS]
    for root, _dirs, names in os.walk(ML2_PACKAGE):
        files += [os.path.join(root, n) for n in sorted(names)
                  if n.endswith(('.py', '.toml'))]
    for path in sorted(files):
        digest.update(os.path.relpath(path, TOOLS).encode())
        with open(path, 'rb') as f:
            digest.update(f.read())
    version = subprocess.run(
        [python, '-c', 'import sys; print(sys.version)'],
        capture_output=True, text=True, check=True).stdout
    digest.update(version.encode())
    return digest.hexdigest()


def _pip(venv, *args):
    cmd = [os.path.join(venv, 'bin', 'python'), '-m', 'pip', 'install',
           '--disable-pip-version-check', '--quiet', *args]
    print('minicloud: ' + ' '.join(cmd[3:]), flush=True)
    subprocess.run(cmd, check=True)


def install(rig, force=False):
    venv = rig.venv
    python = os.path.join(venv, 'bin', 'python')
    stamp = os.path.join(venv, STAMP)
    started = time.monotonic()
    if not os.path.exists(python):
        os.makedirs(rig.home, exist_ok=True)
        subprocess.run([sys.executable, '-m', 'venv', venv], check=True)
    want = _fingerprint(python)
    try:
        with open(stamp) as f:
            have = f.read().strip()
    except FileNotFoundError:
        have = None
    if have == want and not force:
        print(f'minicloud: {venv} is up to date (stamp {STAMP})')
        return 0
    os.makedirs(rig.home, exist_ok=True)
    _pip(venv, '-c', CONSTRAINTS, '-r', REQUIREMENTS)
    # The binding driver is the rig's own code: no build isolation, so no
    # index is needed for setuptools, which the venv already has. It is
    # built from a copy, so the build leaves nothing in the checkout.
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, 'minicloud_ml2')
        shutil.copytree(ML2_PACKAGE, copy, ignore=shutil.ignore_patterns(
            'build', '*.egg-info', '__pycache__'))
        _pip(venv, '--no-build-isolation', '--no-deps', copy)
    check = subprocess.run(
        [python, '-c', 'from importlib.metadata import entry_points as e; '
         'print([x.name for x in e(group="neutron.ml2.mechanism_drivers") '
         'if x.name == "minicloud"])'],
        capture_output=True, text=True, check=True)
    if 'minicloud' not in check.stdout:
        print('minicloud: the ML2 driver did not register its entry point',
              file=sys.stderr)
        return 1
    with open(stamp, 'w') as f:
        f.write(want + '\n')
    print(f'minicloud: installed into {venv} in '
          f'{time.monotonic() - started:.0f} s')
    return 0


def freeze(rig):
    """Rewrite the constraints file from the rig venv (after a good run)."""
    out = subprocess.run(
        [os.path.join(rig.venv, 'bin', 'python'), '-m', 'pip', 'freeze',
         '--disable-pip-version-check', '--all', '--exclude', 'pip',
         '--exclude', 'minicloud-ml2'],
        capture_output=True, text=True, check=True).stdout
    with open(CONSTRAINTS, 'w') as f:
        f.write('# pip freeze of a working rig venv (tools/minicloud '
                'freeze); used as constraints.\n')
        f.write(out)
    print(f'minicloud: wrote {CONSTRAINTS}')
    return 0
