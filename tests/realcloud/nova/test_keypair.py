"""OS::Nova::KeyPair against the real Nova, as the demo user."""
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.nova import keypair


def test_generated_key_pair_with_its_private_key_saved(harness, demo):
    plugin = harness.plugin(keypair.KeyPair, 'res', {'name': 'hc-key', 'save_private_key': True})
    assert plugin.create() == base.Done('hc-key')
    assert plugin.refid() == 'hc-key'
    shown = demo.compute.get_keypair('hc-key')
    attributes = plugin.attributes()
    assert attributes['public_key'] == shown.public_key
    assert attributes['private_key'].startswith('-----BEGIN')
    # A later step's plugin reads the saved key from the resource's data.
    assert harness.again(plugin).attributes()['private_key'] == attributes['private_key']
    renamed = harness.again(plugin, dict(plugin.properties, name='hc-key-2'))
    assert renamed.needs_replace(plugin.properties)

    assert plugin.delete() == base.Done()
    assert demo.compute.find_keypair('hc-key') is None
    assert plugin.delete() == base.Done()


def test_given_public_key_drift_and_a_name_taken(harness, demo):
    made = demo.compute.create_keypair(name='hc-key-src')
    demo.compute.delete_keypair(made)
    plugin = harness.plugin(keypair.KeyPair, 'res', {'name': 'hc-key-pub',
                                                     'public_key': made.public_key})
    assert plugin.create() == base.Done('hc-key-pub')
    assert plugin.attributes()['private_key'] == ''
    observed = keypair.KeyPair.observe_many(demo, ['hc-key-pub', 'hc-no-such-key'])
    assert plugin.drift(plugin.properties, observed['hc-key-pub']) == (Drift.IN_SYNC,
                                                                        None)
    assert observed['hc-no-such-key'] is None

    # Nova refuses a second key pair of the name: the create fails, nothing is made.
    again = harness.plugin(keypair.KeyPair, 'res', {'name': 'hc-key-pub'})
    outcome = again.create()
    assert isinstance(outcome, base.Failed) and outcome.reason.startswith(
        'Nova ConflictException (409)')
    assert 'hc-key-pub' in outcome.reason
    assert again.find_orphan() is None   # no mark of ownership on a key pair

    demo.compute.delete_keypair('hc-key-pub')
    assert plugin.drift(plugin.properties, None)[0] == Drift.DELETED
    assert isinstance(plugin.check(), base.Failed)
