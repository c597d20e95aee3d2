"""OS::Heat::SoftwareComponent: a software config with one config per
lifecycle action (``configs``: each with its ``actions``, ``config`` and
``tool``), stored under the ``component`` group as Heat stores it."""
from heat_conv.common import exception
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.heat import software_config

ACTIONS = ('CREATE', 'DELETE', 'UPDATE', 'SUSPEND', 'RESUME')


class SoftwareComponent(software_config.SoftwareConfig):
    type_name = 'OS::Heat::SoftwareComponent'
    properties_schema = {
        'configs': Property('list', description='The configs: maps with actions '
                                                '(default [CREATE, UPDATE]), config '
                                                'and tool.'),
        'inputs': software_config.SoftwareConfig.properties_schema['inputs'],
        'outputs': software_config.SoftwareConfig.properties_schema['outputs'],
    }

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        seen = {}
        for index, config in enumerate(result.get('configs') or []):
            where = tuple(path) + ('configs', index)
            if not isinstance(config, dict) or not isinstance(config.get('tool'), str):
                raise exception.InvalidProperties('Each config is a map with a tool',
                                                  path=where)
            for action in config.get('actions') or ('CREATE', 'UPDATE'):
                if action not in ACTIONS:
                    raise exception.InvalidProperties(
                        f'Invalid action {action!r}; valid actions are: '
                        f'{", ".join(ACTIONS)}', path=where + ('actions',))
                if action in seen:
                    # Heat's rule: one config per action.
                    raise exception.InvalidProperties(
                        f'Defining more than one configuration for the same action in '
                        f'SoftwareComponent "{action}" is not allowed.', path=where)
                seen[action] = index
        return result

    def config_value(self):
        return {'configs': [dict({'actions': ['CREATE', 'UPDATE']}, **config)
                            for config in self.properties.get('configs') or []]}

    def group(self):
        return 'component'
