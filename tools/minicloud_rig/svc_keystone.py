"""Keystone: fernet tokens, under gunicorn on :5000."""
import grp
import os
import pwd

from minicloud_rig import confgen
from minicloud_rig import layout
from minicloud_rig.procs_spec import gunicorn


def _keys(rig, kind):
    return os.path.join(rig.data, 'keystone', kind)


def configure(rig):
    conf = rig.conf('keystone')
    fernet = _keys(rig, 'fernet-keys')
    confgen.write_ini(conf, {
        'DEFAULT': {'debug': False, 'use_stderr': True},
        'database': confgen.database(rig, 'keystone'),
        # bcrypt's least cost: the rig's passwords guard nothing, and each
        # token and password change would otherwise cost ~0.3 s of CPU.
        'identity': {'password_hash_rounds': 4},
        'token': {'provider': 'fernet', 'expiration': 7200},
        'fernet_tokens': {'key_repository': fernet},
        'fernet_receipts': {'key_repository': fernet},
        'credential': {'key_repository': _keys(rig, 'credential-keys')},
    })
    app = confgen.write_wsgi_entry(
        rig, 'keystone_app', {'OS_KEYSTONE_CONFIG_FILES': conf},
        ['keystone-wsgi'], 'from keystone.wsgi.api import application')
    # Processes, not threads: with one worker of 6 threads, a request under
    # concurrency was judged with another's scope (a member's create_trust
    # refused as "made with domain scope" while the stack domain admin's
    # domain-scoped request ran; "Could not find trust" naming another
    # stack's trust).
    return [gunicorn(rig, 'keystone', 'keystone', app,
                     layout.PORTS['keystone'], threads=1, workers=4)]


def prepare(rig, run):
    manage = [rig.bin('keystone-manage'), '--config-file',
              rig.conf('keystone')]
    user = pwd.getpwuid(os.getuid()).pw_name
    group = grp.getgrgid(os.getgid()).gr_name
    run('keystone', manage + ['db_sync'])
    for kind, command in (('fernet-keys', 'fernet_setup'),
                          ('credential-keys', 'credential_setup')):
        os.makedirs(_keys(rig, kind), mode=0o700, exist_ok=True)
        if not os.listdir(_keys(rig, kind)):
            run('keystone', manage + [command, '--keystone-user', user,
                                      '--keystone-group', group])
    identity = rig.url('keystone') + '/v3/'
    # bootstrap is idempotent: it (re)sets the admin password and makes
    # the admin/member/reader roles and the identity endpoints.
    run('keystone', manage + [
        'bootstrap', '--bootstrap-password', rig.password('admin'),
        '--bootstrap-username', 'admin', '--bootstrap-project-name', 'admin',
        '--bootstrap-role-name', 'admin', '--bootstrap-service-name',
        'keystone', '--bootstrap-region-id', layout.REGION,
        '--bootstrap-admin-url', identity, '--bootstrap-internal-url',
        identity, '--bootstrap-public-url', identity])
