"""tools/minicloud install's Debian packages: what the services run that
the machine lacks is installed with apt-get, or named when it cannot be."""
import subprocess

from minicloud_rig import install


def _machine(monkeypatch, present, uid):
    ran = []
    monkeypatch.setattr(install.shutil, 'which',
                        lambda cmd: f'/usr/bin/{cmd}' if cmd in present else None)
    monkeypatch.setattr(install.os, 'geteuid', lambda: uid)

    def run(argv, check=False):
        ran.append(argv)
        if argv[:2] == ['apt-get', 'install']:
            present.add('qemu-img')
        return subprocess.CompletedProcess(argv, 0)
    monkeypatch.setattr(install.subprocess, 'run', run)
    return ran


def test_qemu_img_is_installed_from_debian_when_missing(monkeypatch):
    ran = _machine(monkeypatch, {'apt-get'}, uid=0)
    assert install.system_packages() == 0
    assert ran == [['apt-get', 'install', '-y', '-q', 'qemu-utils']]
    assert install.system_packages() == 0 and len(ran) == 1   # now there


def test_without_root_the_missing_package_is_named(monkeypatch, capsys):
    ran = _machine(monkeypatch, {'apt-get'}, uid=1000)
    assert install.system_packages() == 1
    assert ran == []
    assert 'the rig needs the Debian packages qemu-utils' in capsys.readouterr().err
