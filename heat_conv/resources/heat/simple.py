"""Types that exist only in heat-conv's database and finish inline."""
import random
import string

from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property


class NoneResource(base.Resource):
    """OS::Heat::None: accepts any properties, does nothing, and answers
    None for any attribute (templates read the attributes of the types they
    map onto it)."""
    type_name = 'OS::Heat::None'

    @classmethod
    def has_attribute(cls, name):
        return True

    @classmethod
    def validate_properties(cls, values, path=()):
        return dict(values or {})

    @classmethod
    def check_property_names(cls, names, path=()):
        pass

    def needs_replace(self, old_properties):
        return False


class Value(base.Resource):
    """OS::Heat::Value: exposes a value as an attribute."""
    type_name = 'OS::Heat::Value'
    properties_schema = {
        'value': Property('any', required=True, update_allowed=True,
                          description='The value exposed as attribute value.'),
        'type': Property('string', update_allowed=True,
                         allowed_values=('string', 'number', 'comma_delimited_list',
                                         'json', 'boolean'),
                         description='Type of the value.'),
    }
    attributes_schema = {'value': 'The value property.'}

    def attributes(self):
        return {'value': self.properties.get('value')}


_CLASSES = {
    'LETTERS': string.ascii_uppercase,
    'lowercase': string.ascii_lowercase,
    'lettersdigits': string.ascii_letters + string.digits,
    'digits': string.digits,
    'letters': string.ascii_letters,
    'octdigits': string.octdigits,
    'hexdigits': string.hexdigits,
}


class RandomString(base.Resource):
    """OS::Heat::RandomString: a random string, kept until a property changes."""
    type_name = 'OS::Heat::RandomString'
    properties_schema = {
        'length': Property('integer', default=32, min_value=1, max_value=512,
                           description='Length of the string.'),
        'sequence': Property('string', default='lettersdigits',
                             allowed_values=tuple(_CLASSES),
                             description='Character class to draw from.'),
        'salt': Property('string', description='Change it to get a new string.'),
        'character_classes': Property('list', description='Accepted for '
                                      'compatibility; sequence is used.'),
        'character_sequences': Property('list', description='Accepted for '
                                        'compatibility; sequence is used.'),
    }
    attributes_schema = {'value': 'The random string.'}

    def create(self):
        alphabet = _CLASSES[self.properties['sequence']]
        value = ''.join(random.SystemRandom().choice(alphabet)
                        for _ in range(self.properties['length']))
        return base.Done(value)

    def adopt(self):
        # Heat keeps the string in the resource's data, apart from its id:
        # an adopt document may name both (Heat's own do).
        adopted = self.stored_attributes.get('value')
        if adopted is not None and adopted != self.physical_id:
            self.data['value'] = adopted
        return base.Done(self.physical_id)

    def attributes(self):
        return {'value': self.data.get('value', self.physical_id)}

    def refid(self):
        return self.data.get('value', self.physical_id) if self.physical_id else self.name
