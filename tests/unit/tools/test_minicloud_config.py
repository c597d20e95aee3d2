"""tools/minicloud's generated state: INI files, passwords kept across
runs, and Nova's compute node identity kept stable (a new one would make
Nova refuse the compute host)."""
import configparser
import uuid

from minicloud_rig import confgen
from minicloud_rig import layout
from minicloud_rig import svc_nova


def test_ini_is_what_oslo_config_reads(tmp_path):
    path = str(tmp_path / 'etc' / 'x.conf')
    confgen.write_ini(path, {'DEFAULT': {'debug': False, 'workers': 1},
                             'fs': {'dir': '/a b'}})
    parser = configparser.ConfigParser()
    parser.read(path)
    assert parser['DEFAULT']['debug'] == 'false'
    assert parser['DEFAULT']['workers'] == '1'
    assert parser['fs']['dir'] == '/a b'


def test_passwords_are_generated_once_and_kept(tmp_path):
    first = layout.Rig(str(tmp_path)).password('demo')
    again = layout.Rig(str(tmp_path))
    assert again.password('demo') == first
    assert again.password('alt') != first
    assert (tmp_path / 'secrets.json').stat().st_mode & 0o077 == 0


class FakeDb:
    def __init__(self, rows):
        self.rows = rows

    def query(self, sql, args=None):
        return self.rows


def _compute_id(rig):
    with open(rig.data + '/nova/compute_id') as f:
        return f.read().strip()


def test_node_identity_is_made_once_then_kept(tmp_path):
    rig = layout.Rig(str(tmp_path))
    made = svc_nova.keep_node_identity(rig, FakeDb([]))
    uuid.UUID(made)
    assert svc_nova.keep_node_identity(rig, FakeDb([])) == made
    assert _compute_id(rig) == made


def test_node_the_database_knows_is_adopted(tmp_path):
    rig = layout.Rig(str(tmp_path))
    svc_nova.keep_node_identity(rig, FakeDb([]))     # a state dir's own id
    known = str(uuid.uuid4())
    assert svc_nova.keep_node_identity(rig, FakeDb([(known,)])) == known
    assert _compute_id(rig) == known
