"""One Heat resource's row in heat-conv: names as Heat made them, data
under the keys heat-conv's plugins read, properties as heat-conv stores
them."""
from heat_conv.heat_import import heat_reader
from heat_conv.heat_import import resource_mapping
from heat_conv.plugin_interface import registry
from tests.unit.heat_import import heat_fixture

# heat.common.short_id.get_id(HEAT27_UUID) in Heat 27.0.1's venv.
HEAT27_UUID = '0b6a3c1e-7f4e-4b8a-9c2d-5e6f7a8b9c0d'
HEAT27_SHORT_ID = 'xct7jyfwupa6'


def _resource(**values):
    fields = dict(id=7, uuid=HEAT27_UUID, name='r', stack_id='s',
                  action='CREATE', status='COMPLETE', status_reason='', physical_id='p',
                  metadata={}, properties={}, properties_encrypted=False, attributes={},
                  attributes_encrypted=False, requires=[], replaces=None,
                  replaced_by=None, template_id=1, engine_id=None, data={})
    fields.update(values)
    return heat_reader.HeatResource(**fields)


def test_short_id_and_physical_name_are_heats():
    # Heat 27's heat.common.short_id.get_id of this uuid.
    assert resource_mapping.heat_short_id(HEAT27_UUID) == HEAT27_SHORT_ID
    assert resource_mapping.heat_physical_name('web', 'port', HEAT27_UUID) == \
        f'web-port-{HEAT27_SHORT_ID}'


def test_group_skiplist_and_redacted_data():
    method, token = heat_fixture.fernet_encrypt('s3cret')
    # As the reader gives them: (value, decrypt method if redacted).
    data = {'name_blacklist': ('1,3', None),
            'value': (token, method),
            'plain': ('kept', None)}
    assert resource_mapping.data(data, 'notgood but just long enough i t') == {
        'skiplist': ['1', '3'], 'value': 's3cret', 'plain': 'kept'}


def test_properties_get_heat_convs_defaults():
    cls = registry.get('OS::Heat::RandomString')
    props = resource_mapping.properties(cls, _resource(properties={'length': 5}), None,
                                        ('resources', 'r', 'properties'))
    assert props == cls.validate_properties({'length': 5})
    assert props['length'] == 5 and props['sequence'] == 'lettersdigits'


def test_attributes_at_a_path_are_left_out():
    res = _resource(attributes={'value': 'v', "('addresses', 'private')": ['x']})
    assert resource_mapping.attributes(res, None) == {'value': 'v'}
