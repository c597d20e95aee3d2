"""tools/minicloud's Swift: the proxy a Heat-style service needs (Keystone
auth, temp URLs, versioned containers), servers that find their rings in
the rig's etc/swift, and entry modules that keep the rig's cwd (the rig
knows its processes by it)."""
import configparser
import os

from minicloud_rig import layout
from minicloud_rig import svc_swift


def _read(path):
    parser = configparser.RawConfigParser()
    parser.read(path)
    return parser


def test_the_proxy_authenticates_with_keystone_and_takes_temp_urls(tmp_path):
    rig = layout.Rig(str(tmp_path))
    processes = svc_swift.configure(rig)
    proxy = _read(rig.conf('swift', 'proxy-server.conf'))
    pipeline = proxy['pipeline:main']['pipeline'].split()
    # tempurl and authtoken run before keystoneauth decides; the proxy app last.
    assert pipeline.index('tempurl') < pipeline.index('authtoken') \
        < pipeline.index('keystoneauth') < pipeline.index('versioned_writes')
    assert pipeline[-1] == 'proxy-server'
    assert proxy['filter:versioned_writes']['allow_versioned_writes'] == 'true'
    assert 'member' in proxy['filter:keystoneauth']['operator_roles']
    assert proxy['filter:authtoken']['password'] == rig.password('swift')
    assert proxy['DEFAULT']['workers'] == '0'
    assert proxy['DEFAULT']['swift_dir'] == rig.conf_dir('swift')
    assert [p.name for p in processes] == [
        'swift', 'swift-account', 'swift-container', 'swift-object']
    assert processes[0].ready_path == '/healthcheck'
    assert {p.port for p in processes} == {8080, 6200, 6201, 6202}


def test_storage_servers_share_one_device_and_the_hash_is_kept(tmp_path):
    rig = layout.Rig(str(tmp_path))
    svc_swift.configure(rig)
    for kind in ('account', 'container', 'object'):
        conf = _read(rig.conf('swift', f'{kind}-server.conf'))
        assert conf['DEFAULT']['devices'] == svc_swift.devices(rig)
        assert conf['DEFAULT']['mount_check'] == 'false'
    assert os.path.isdir(os.path.join(svc_swift.devices(rig), svc_swift.DEVICE))
    suffix = _read(os.path.join(rig.conf_dir('swift'), 'swift.conf'))[
        'swift-hash']['swift_hash_path_suffix']
    svc_swift.configure(layout.Rig(str(tmp_path)))
    again = _read(os.path.join(rig.conf_dir('swift'), 'swift.conf'))
    assert again['swift-hash']['swift_hash_path_suffix'] == suffix


def test_rings_are_built_once(tmp_path):
    rig = layout.Rig(str(tmp_path))
    svc_swift.configure(rig)
    ran = []

    def run(service, argv):
        ran.append(argv[1:])
        if argv[2] == 'rebalance':
            open(argv[1].replace('.builder', '.ring.gz'), 'w').close()

    svc_swift.prepare(rig, run)
    builders = [args[0] for args in ran if args[1] == 'create']
    assert [os.path.basename(b) for b in builders] == [
        'account.builder', 'container.builder', 'object.builder']
    assert ran[0][1:] == ['create', '8', '1', '1']
    assert ran[1][2] == 'r1z1-127.0.0.1:6202/d1'
    ran.clear()
    svc_swift.prepare(rig, run)
    assert ran == []


def test_servers_run_through_an_entry_that_keeps_the_cwd(tmp_path):
    rig = layout.Rig(str(tmp_path))
    proxy = svc_swift.configure(rig)[0]
    entry = proxy.argv[1]
    assert proxy.argv[0] == rig.bin('python') and proxy.argv[2] == 'proxy'
    with open(entry) as f:
        text = f.read()
    assert 'os.chdir(cwd)' in text and 'clean_up_daemon_hygiene' in text
    compile(text, entry, 'exec')
