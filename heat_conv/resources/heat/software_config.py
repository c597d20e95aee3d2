"""Software configs: OS::Heat::SoftwareConfig, StructuredConfig, CloudConfig
and MultipartMime. Each stores one immutable config (Heat's software config
API shows it); any change replaces it."""
import email.mime.multipart
import email.mime.text
import json

import yaml

from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property

UNGROUPED = 'Heat::Ungrouped'


def _io(items, kind):
    """Inputs or outputs as Heat stores them: each a map with a name and a type."""
    found = []
    for item in items or []:
        if not isinstance(item, dict) or not isinstance(item.get('name'), str):
            raise exception.InvalidProperties(f'Each of {kind} must be a map with a name')
        found.append({'type': 'String', **item})
    return found


class SoftwareConfig(base.Resource):
    type_name = 'OS::Heat::SoftwareConfig'
    properties_schema = {
        'group': Property('string', default=UNGROUPED,
                          description='The tool that applies the config (script, '
                                      'puppet, ...).'),
        'config': Property('string', description='The configuration script or '
                                                 'document.'),
        'options': Property('map', description='Options for the config tool.'),
        'inputs': Property('list', description='The inputs the config takes: maps '
                                               'with name, type, default, ...'),
        'outputs': Property('list', description='The outputs the config produces: '
                                                'maps with name, type, error_output.'),
    }
    attributes_schema = {'config': 'The config value.'}
    wants_stack = True
    stack = None

    def config_value(self):
        return self.properties.get('config') or ''

    def group(self):
        return self.properties.get('group') or UNGROUPED

    def create(self):
        document = {'config': self.config_value(),
                    'inputs': _io(self.properties.get('inputs'), 'inputs'),
                    'outputs': _io(self.properties.get('outputs'), 'outputs'),
                    'options': self.properties.get('options') or {}}
        row = db_api.software_config_create({
            'tenant': self.stack.tenant, 'name': f'{self.stack.name}-{self.name}',
            'group': self.group(), 'config': document})
        return base.Done(row.id)

    def delete(self):
        if self.physical_id:
            try:
                db_api.software_config_delete(self.physical_id)
            except exception.NotFound:
                pass
        return base.Done()

    def attributes(self):
        return {'config': self.config_value()}


class StructuredConfig(SoftwareConfig):
    type_name = 'OS::Heat::StructuredConfig'
    properties_schema = dict(SoftwareConfig.properties_schema, config=Property(
        'map', description='The configuration, as a map.'))

    def config_value(self):
        return self.properties.get('config') or {}


class CloudConfig(SoftwareConfig):
    type_name = 'OS::Heat::CloudConfig'
    properties_schema = {'cloud_config': Property(
        'map', description='The cloud-init #cloud-config document, as a map.')}

    def config_value(self):
        body = yaml.safe_dump(self.properties.get('cloud_config') or {},
                              default_flow_style=False)
        return '#cloud-config\n' + body


class MultipartMime(SoftwareConfig):
    type_name = 'OS::Heat::MultipartMime'
    properties_schema = {
        'group': Property('string', default=UNGROUPED,
                          description='The tool that applies the config.'),
        'parts': Property('list', description='Parts: maps with config (a config id '
                                              'or the text), filename, type (text or '
                                              'multipart) and subtype.'),
    }

    def config_value(self):
        message = email.mime.multipart.MIMEMultipart()
        for part in self.properties.get('parts') or []:
            if not isinstance(part, dict) or 'config' not in part:
                raise exception.InvalidProperties('Each part needs a config')
            text = _config_text(part['config'])
            if part.get('type') == 'multipart':
                sub = email.message_from_string(text)
            else:
                sub = email.mime.text.MIMEText(text, _subtype=part.get('subtype') or 'plain')
            if part.get('filename'):
                sub.add_header('Content-Disposition', 'attachment',
                               filename=part['filename'])
            message.attach(sub)
        return message.as_string()


def _config_text(value):
    """A part's config: the config of that id, or the text itself."""
    if isinstance(value, str):
        try:
            stored = db_api.software_config_get(value).config or {}
        except exception.NotFound:
            return value
        value = stored.get('config', '')
    return value if isinstance(value, str) else json.dumps(value)
