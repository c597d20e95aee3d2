"""A worker still serves the 1.0 message shapes, so engines and API or
observer processes can be upgraded one at a time."""
import pytest

from heat_conv.cloud import client as cloud_client
from heat_conv.db import api as db_api
from tests.scenarios import library as scenarios
from tests.scenarios import local_driver


class OldSenders(local_driver.LocalDriver):
    """Every cast reshaped as a 1.0 sender would have sent it."""

    def cast(self, ctxt, method, **kwargs):
        if method == 'check_resource':
            # A 1.0 sender sent the node's stored spec, its mode as flags.
            spec = db_api.sync_point_get(kwargs['traversal_id'], kwargs['entity_id'],
                                         kwargs['is_update']).definition
            mode = spec['mode']
            flags = ({'delete': mode == 'delete'} if not kwargs['is_update'] else
                     {'check': mode == 'check', 'observe': mode == 'observe'})
            kwargs['definition'] = dict(spec['definition'], **flags)
        elif method == 'action_complete':
            del kwargs['outcome']
            row = db_api.resource_get(kwargs['resource_id'])
            try:
                kwargs['cloud_object'] = self.cloud.get(row.physical_resource_id)
            except cloud_client.CloudNotFound:
                kwargs['cloud_object'] = None
        super().cast({}, method, **kwargs)


@pytest.mark.parametrize('scenario', [scenarios.update_during_create,
                                      scenarios.rollback_after_replacement,
                                      scenarios.delete_during_create],
                         ids=lambda s: s.__name__)
def test_scenarios_with_1_0_messages(scenario, db, fake_clock):
    d = OldSenders(fake_clock)
    try:
        scenario(d)
    finally:
        d.close()
