"""What a request is checked for against the mini-cloud's services, with
the requesting member's own token: a resource type's service must be in
their catalog, and every given value of a property or parameter that names
a service constraint must name an object they can see (a 400 naming its
path otherwise). The types are test plugins (tests/realcloud/plugin_dir)."""
import pathlib

import pytest

from tests.realcloud import keystone_rig

PLUGIN_DIR = pathlib.Path(__file__).parent / 'plugin_dir'


@pytest.fixture(scope='module')
def heat_conv(rig, tmp_path_factory):
    service = keystone_rig.KeystoneHeatConv(tmp_path_factory.mktemp('checks'), rig,
                                            extra_conf=f'plugin_dirs = {PLUGIN_DIR}')
    service.start()
    yield service
    service.kill()


@pytest.fixture(scope='module')
def demo(rig, heat_conv):
    return keystone_rig.User(rig, 'demo', heat_conv)


@pytest.fixture(scope='module')
def volume(demo):
    """A volume of demo's, by id."""
    made = demo.conn.block_storage.create_volume(size=1, name='heat-conv-auth-check')
    demo.conn.block_storage.wait_for_status(made, 'available', wait=120)
    yield made.id
    demo.conn.block_storage.delete_volume(made, ignore_missing=True)


def _server(**properties):
    return {'heat_template_version': '2018-08-31',
            'resources': {'server': {'type': 'HeatConvTest::Server',
                                     'properties': properties}}}


def _valid(volume):
    return {'flavor': 'm1.tiny', 'image': 'cirros', 'networks': [{'network': 'public'}],
            'volume': volume}


def _fault(resp, code, *contains):
    assert resp.status_code == code, resp.text
    message = resp.json()['error']['message']
    for text in contains:
        assert text in message, message
    return resp.json()['error']


def test_given_values_must_name_objects_the_user_can_see(demo, volume):
    resp = demo.request('POST', '/validate', json={'template': _server(**_valid(volume))})
    assert resp.status_code == 200, resp.text
    for name, value, path in (
            ('flavor', 'm1.nope', 'resources.server.properties.flavor'),
            ('image', 'no-such-image', 'resources.server.properties.image'),
            ('networks', [{'network': 'no-such-net'}],
             'resources.server.properties.networks.0.network'),
            ('volume', 'no-such-volume', 'resources.server.properties.volume')):
        shown = value if isinstance(value, str) else value[0]['network']
        resp = demo.request('POST', '/validate', json={
            'template': _server(**dict(_valid(volume), **{name: value}))})
        _fault(resp, 400, path, f"Error validating value '{shown}'")


def test_a_value_known_only_later_is_not_checked_now(demo, volume):
    template = _server(**dict(_valid(volume), flavor={'get_attr': ['other', 'output']}))
    template['resources']['other'] = {'type': 'OS::Heat::TestResource'}
    resp = demo.request('POST', '/validate', json={'template': template})
    assert resp.status_code == 200, resp.text


def test_parameter_constraints_ask_the_services(demo):
    template = {'heat_template_version': '2018-08-31', 'parameters': {
        'flavor': {'type': 'string', 'constraints': [{'custom_constraint': 'nova.flavor'}]},
        'key': {'type': 'string', 'default': '',
                'constraints': [{'custom_constraint': 'nova.keypair'}]}}}
    resp = demo.request('POST', '/validate', json={'template': template,
                                                   'parameters': {'flavor': 'm1.tiny'}})
    assert resp.status_code == 200, resp.text
    resp = demo.request('POST', '/validate', json={'template': template,
                                                   'parameters': {'flavor': 'm1.nope'}})
    _fault(resp, 400, 'flavor', "Error validating value 'm1.nope'")
    resp = demo.request('POST', '/validate', json={
        'template': template, 'parameters': {'flavor': 'm1.tiny', 'key': 'no-such-key'}})
    _fault(resp, 400, 'key', "Error validating value 'no-such-key'")


def test_a_type_whose_service_is_not_in_the_catalog_is_unavailable(demo):
    template = {'heat_template_version': '2018-08-31',
                'resources': {'queue': {'type': 'HeatConvTest::Queue'}}}
    resp = demo.request('POST', '/validate', json={'template': template})
    _fault(resp, 400, 'resources.queue.type', 'HEAT-E99001 Service zaqar is not '
           'available for resource type HeatConvTest::Queue, reason: no public '
           'endpoint of type messaging in the service catalog')
    resp = demo.request('POST', '/validate', params={'ignore_errors': '99001'},
                        json={'template': template})
    assert resp.status_code == 200, resp.text
    resp = demo.request('POST', '/stacks', json={'stack_name': 'queue',
                                                 'template': template})
    _fault(resp, 400, 'HEAT-E99001 Service zaqar is not available')


def test_a_refused_create_leaves_no_stack_and_no_trust(rig, demo, volume):
    admin = rig.connect('admin')
    trustee_id = rig.connect('heat-conv').current_user_id
    before = {t.id for t in keystone_rig.trusts_of(admin, demo.user_id, trustee_id)}
    resp = demo.request('POST', '/stacks', json={
        'stack_name': 'refused', 'template': _server(**dict(_valid(volume),
                                                               image='no-such-image'))})
    _fault(resp, 400, 'resources.server.properties.image')
    assert demo.request('GET', '/stacks/refused', allow_redirects=False).status_code == 404
    assert {t.id for t in keystone_rig.trusts_of(admin, demo.user_id, trustee_id)} \
        == before


def test_a_stack_with_constrained_parameters_converges(demo):
    # The engine binds the stored template again at every traversal; the
    # values were checked when they were stored and are not asked again.
    template = {'heat_template_version': '2018-08-31', 'parameters': {
        'flavor': {'type': 'string', 'default': 'm1.tiny',
                   'constraints': [{'custom_constraint': 'nova.flavor'}]}},
        'resources': {'r': {'type': 'OS::Heat::TestResource',
                            'properties': {'value': {'get_param': 'flavor'}}}},
        'outputs': {'flavor': {'value': {'get_attr': ['r', 'output']}}}}
    stack_id = demo.create('constrained', template)
    demo.wait('constrained', stack_id, 'CREATE_COMPLETE')
    resp = demo.request('PATCH', f'/stacks/constrained/{stack_id}',
                        json={'parameters': {'flavor': 'm1.nope'}})
    _fault(resp, 400, 'flavor', "Error validating value 'm1.nope'")
    resp = demo.request('PATCH', f'/stacks/constrained/{stack_id}',
                        json={'parameters': {'flavor': 'm1.small'}})
    assert resp.status_code == 202, resp.text
    stack = demo.wait('constrained', stack_id, 'UPDATE_COMPLETE')
    assert stack['outputs'][0]['output_value'] == 'm1.small'
    assert demo.request('DELETE', f'/stacks/constrained/{stack_id}').status_code == 204
    demo.wait('constrained', stack_id, None)
