"""The observed base: what every type whose object lives in a watched cloud
does with what its cloud shows, from its hooks alone."""
import pytest

from heat_conv.common.status import Action
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface import observed

DOWN = 'down'


class Unreachable(Exception):
    pass


class Thing(observed.ObservedResource):
    """A type whose cloud is a dict {id: object}, or DOWN."""
    type_name = 'Test::Thing'
    look_errors = (Unreachable,)

    def look(self):
        if self.cloud == DOWN:
            raise Unreachable('no route to the cloud')
        return self.cloud.get(self.physical_id)

    def progress_of(self, action, cloud_object):
        if cloud_object['status'] == 'BUILD':
            return base.Pending(self.physical_id)
        return base.Done(self.physical_id)

    def differences(self, expected, cloud_object):
        return {key: {'expected': value, 'actual': cloud_object.get(key)}
                for key, value in expected.items() if cloud_object.get(key) != value}


def thing(cloud, physical_id='t1', stored=None):
    return Thing('t', 'stack', {}, physical_id=physical_id, cloud=cloud,
                 stored_properties=stored or {'size': 1})


@pytest.mark.parametrize('action, shown, outcome', [
    (Action.DELETE, None, base.Done()),
    (Action.DELETE, {'status': 'ACTIVE'}, None),
    (Action.CREATE, {'status': 'BUILD'}, None),
    (Action.CREATE, {'status': 'ACTIVE'}, base.Done('t1')),
    (Action.UPDATE, None, base.Failed('Test::Thing t1 disappeared during UPDATE')),
])
def test_progress_reads_the_object_through_the_types_hook(action, shown, outcome):
    assert thing({}).progress(action, shown) == outcome


def test_drift_is_deleted_modified_or_in_sync():
    plugin = thing({})
    assert plugin.drift({'size': 1}, None) == (
        Drift.DELETED, {'reason': 'Test::Thing t1 no longer exists'})
    assert plugin.drift({'size': 1}, {'size': 2}) == (
        Drift.MODIFIED, {'size': {'expected': 1, 'actual': 2}})
    assert plugin.drift({'size': 1}, {'size': 1}) == (Drift.IN_SYNC, None)


def test_observe_drift_compares_the_stored_properties_with_a_fresh_look():
    assert thing({'t1': {'size': 2}}).observe_drift() == Drift.MODIFIED
    assert thing({}).observe_drift() == Drift.DELETED
    assert thing({}, physical_id=None).observe_drift() is None


def test_a_failed_look_decides_no_drift():
    assert thing(DOWN).observe_drift() is None


def test_check_finds_the_object_or_says_why_not():
    assert thing({'t1': {'size': 1}}).check() == base.Done('t1')
    assert thing({}).check() == base.Failed('Test::Thing t1 was deleted outside heat-conv')
    assert thing({}, physical_id=None).check() == base.Failed(
        'Test::Thing has no physical object')
    assert thing(DOWN).check() == base.Failed('no route to the cloud')
