"""``--cloud rig``: the suite on the mini-cloud, with Keystone auth and no
client shim, against heat-conv started here or against OpenStack Heat 27
(tools/heat27), so that both are counted by the same runner.

Set-up, in order: the rig is checked; the service is started (heat-conv)
or found answering (Heat 27); a Keystone proxy gives the suite a catalog
whose orchestration entry is that service (catalog_proxy.py); the run's
network, router and keypairs are made; the suite's configuration is
written. Tear-down undoes it all, deleting any stack the run's tests left.
"""
import os
import urllib.error
import urllib.request
import uuid

from tools.heat_functional import catalog_proxy
from tools.heat_functional import rig as rig_mod
from tools.heat_functional import rig_service
from tools.heat_functional import tempest_conf

HEAT27_PORT = int(os.environ.get('HEAT27_API_PORT', 8104))


def heat27_home():
    if os.environ.get('HEAT27_HOME'):
        return os.environ['HEAT27_HOME']
    data = os.environ.get('XDG_DATA_HOME') or os.path.expanduser('~/.local/share')
    return os.path.join(data, 'heat-conv', 'heat27')


def _answers(url):
    try:
        with urllib.request.urlopen(url, timeout=10):
            return True
    except urllib.error.HTTPError:
        return True    # it answers (300 for the versions document)
    except OSError:
        return False


class RigRun:
    """``with RigRun(args, results_dir, skip_entries, write_heat_manage) as
    run: run.endpoint``; ``run.extra_path`` holds the run's heat-manage."""

    def __init__(self, args, results_dir, skip_entries, write_heat_manage, log=print):
        self.args = args
        self.results_dir = results_dir
        self.skip_entries = skip_entries
        self.write_heat_manage = write_heat_manage
        self.log = log
        self.rig = None
        self.service = None
        self.proxy = None
        self.target_base = None
        self.endpoint = None
        self.extra_path = os.path.join(results_dir, 'bin')
        self.stack_prefixes = ()
        self.left_behind = []

    @property
    def embedded(self):
        return self.service is not None

    def start(self, bin_dir, stack_prefixes):
        self.stack_prefixes = tuple(stack_prefixes)
        self.rig = rig_mod.Rig()
        self.rig.check()
        os.makedirs(self.extra_path, exist_ok=True)
        if self.args.heat27:
            self.target_base = f'http://127.0.0.1:{HEAT27_PORT}'
            if not _answers(self.target_base + '/'):
                raise rig_mod.RigError(f'Heat 27 does not answer at {self.target_base} '
                                       '(tools/heat27 start)')
            home = heat27_home()
            self.write_heat_manage(self.extra_path, [os.path.join(home, 'venv', 'bin',
                                                                  'heat-manage')],
                                   ['--config-file', os.path.join(home, 'etc', 'heat.conf')])
            self.endpoint = f'{self.target_base}/v1/%(project_id)s'
        else:
            self.log('heat-functional: starting heat-conv-all against the rig ...')
            self.service = rig_service.RigService(
                bin_dir, os.path.join(self.results_dir, 'heat-conv-all.log'), self.rig)
            self.service.start()
            self.target_base = self.service.url
            self.write_heat_manage(self.extra_path, *self.service.manage_command())
            self.endpoint = self.service.endpoint
        self.proxy = catalog_proxy.CatalogProxy(
            self.rig.auth_url, {self.rig.orchestration_base(): self.target_base}).start()
        made = self.rig.prepare(uuid.uuid4().hex[:8])
        names = dict(made, image=rig_mod.IMAGE, flavor=rig_mod.FLAVOR,
                     minimal_flavor=rig_mod.MINIMAL_FLAVOR,
                     external_network=rig_mod.EXTERNAL_NETWORK,
                     admin=self.rig.auth(rig_mod.CLOUDS[rig_mod.ADMIN]))
        tempest_conf.write_rig(os.path.join(self.results_dir, 'tempest.conf'),
                               f'{self.proxy.url}/v3', names, self.skip_entries,
                               self.args.build_timeout, self.args.build_interval,
                               region=self.rig.region())
        return self

    def stop(self):
        if self.rig is not None and self.target_base is not None:
            self.left_behind = self.rig.clean_up(self.target_base, self.stack_prefixes,
                                                 log=self.log)
            for what in self.left_behind:
                self.log(f'heat-functional: LEFT ON THE RIG: {what}')
        if self.proxy is not None:
            self.proxy.stop()
        if self.service is not None:
            self.service.stop()
