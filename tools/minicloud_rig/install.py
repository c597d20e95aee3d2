"""`install`: one venv for every service, pinned by the constraints file,
and the Debian packages the services run (qemu-utils: Cinder inspects and
converts an image with qemu-img when it makes a volume from it).

Runs on the system python (standard library only). A stamp in the venv
records what was installed: a second install with the same requirements,
constraints, driver packages and python is a no-op.
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
CINDER_PACKAGE = os.path.join(TOOLS, 'minicloud_cinder')
# The rig's own drivers, installed into its venv.
RIG_PACKAGES = (ML2_PACKAGE, CINDER_PACKAGE)
# Commands the services run, and the Debian package of each.
SYSTEM_COMMANDS = {'qemu-img': 'qemu-utils'}
STAMP = '.minicloud-installed'


def _fingerprint(python):
    digest = hashlib.sha256()
    files = [REQUIREMENTS, CONSTRAINTS]
    for package in RIG_PACKAGES:
        for root, _dirs, names in os.walk(package):
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


def system_packages():
    """Install with apt-get the Debian packages of the commands the rig
    needs and the machine lacks (root only); 1 if some stay missing."""
    missing = sorted({package for command, package in SYSTEM_COMMANDS.items()
                      if shutil.which(command) is None})
    if not missing:
        return 0
    if os.geteuid() != 0 or shutil.which('apt-get') is None:
        print(f'minicloud: the rig needs the Debian packages {", ".join(missing)}; '
              'install them (as root: apt-get install ...)', file=sys.stderr)
        return 1
    install = ['apt-get', 'install', '-y', '-q', *missing]
    print('minicloud: ' + ' '.join(install), flush=True)
    if subprocess.run(install).returncode != 0:
        # A fresh machine's package lists may be stale or empty.
        subprocess.run(['apt-get', 'update', '-q'], check=False)
        if subprocess.run(install).returncode != 0:
            print(f'minicloud: apt-get could not install {", ".join(missing)}',
                  file=sys.stderr)
            return 1
    return 0


def install(rig, force=False):
    if system_packages() != 0:
        return 1
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
    # The drivers are the rig's own code: no build isolation, so no index
    # is needed for setuptools, which the venv already has. Each is built
    # from a copy, so the build leaves nothing in the checkout.
    for package in RIG_PACKAGES:
        with tempfile.TemporaryDirectory() as tmp:
            copy = os.path.join(tmp, os.path.basename(package))
            shutil.copytree(package, copy, ignore=shutil.ignore_patterns(
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
         '--exclude', 'minicloud-ml2', '--exclude', 'minicloud-cinder'],
        capture_output=True, text=True, check=True).stdout
    with open(CONSTRAINTS, 'w') as f:
        f.write('# pip freeze of a working rig venv (tools/minicloud '
                'freeze); used as constraints.\n')
        f.write(out)
    print(f'minicloud: wrote {CONSTRAINTS}')
    return 0
