"""`stop`: end every rig process; `--purge` also drops its databases,
vhost and state (the venv stays, so a new start needs no install)."""
import os
import shutil

from minicloud_rig import backing
from minicloud_rig import layout
from minicloud_rig import procs
from minicloud_rig.procs import RigError


def process_names(rig):
    names = [name for name, _service, _port in layout.PROCESSES]
    # Whatever left a pid file is stopped too, even if no longer configured.
    if os.path.isdir(rig.run):
        names += [f[:-4] for f in sorted(os.listdir(rig.run))
                  if f.endswith('.pid') and f[:-4] not in names]
    return names


def stop(rig, purge=False, only=()):
    unknown = set(only) - set(process_names(rig))
    if unknown:
        raise RigError('minicloud', f'no such process: {", ".join(unknown)}')
    for name in reversed(process_names(rig)):
        if only and name not in only:
            continue
        if procs.stop(rig, name):
            print(f'minicloud: stopped {name}')
    if purge:
        backing.Database(rig).drop_databases()
        backing.drop_vhost()
        for entry in os.listdir(rig.home):
            if entry == 'venv':
                continue
            path = os.path.join(rig.home, entry)
            if os.path.isdir(path):
                shutil.rmtree(path)
            else:
                os.unlink(path)
        print(f'minicloud: dropped databases, vhost and state in {rig.home}'
              ' (kept the venv)')
    return 0
