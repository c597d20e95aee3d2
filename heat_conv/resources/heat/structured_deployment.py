"""OS::Heat::StructuredDeployment and its group: a software deployment of a
structured config (a map) whose ``{get_input: NAME}`` snippets are replaced,
in the config deployed, by the values of the deployment's inputs (Heat's
own ``deploy_*`` inputs included), as Heat's do. TripleO's extraconfig is
written this way. ``OS::Heat::StructuredDeployments`` and
``OS::Heat::SoftwareDeployments`` are Heat's deprecated names of the groups.
"""
from heat_conv.common import exception
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.heat import software_deployment
from heat_conv.resources.heat import software_deployment_group

LAX, STRICT = 'LAX', 'STRICT'

_STRUCTURED = {
    'input_key': Property('string', default='get_input',
                          description='The key that names an input to substitute '
                                      '(a one-key map: {get_input: NAME}).'),
    'input_values_validate': Property('string', default=LAX, allowed_values=(LAX, STRICT),
                                      description='STRICT: an input the config names '
                                                  'but the deployment has not is an '
                                                  'error; LAX: it becomes null.'),
}


def substitute(snippet, values, input_key, strict=False):
    """``snippet`` with every ``{input_key: NAME}`` replaced by values[NAME]."""
    if isinstance(snippet, dict):
        if len(snippet) == 1:
            (key, name), = snippet.items()
            if key == input_key and isinstance(name, str):
                if strict and name not in values:
                    raise exception.InvalidProperties(
                        f'The Parameter ({name}) was not provided.')
                return values.get(name)
        return {key: substitute(value, values, input_key, strict)
                for key, value in snippet.items()}
    if isinstance(snippet, list):
        return [substitute(item, values, input_key, strict) for item in snippet]
    return snippet


class StructuredDeployment(software_deployment.SoftwareDeployment):
    type_name = 'OS::Heat::StructuredDeployment'
    properties_schema = dict(software_deployment.SoftwareDeployment.properties_schema,
                             **_STRUCTURED)

    def finish_config(self, values):
        document = dict(values['config'])
        inputs = {item['name']: item.get('value') for item in document['inputs']}
        document['config'] = substitute(
            document['config'], inputs, self.properties.get('input_key') or 'get_input',
            strict=self.properties.get('input_values_validate') == STRICT)
        return dict(values, config=document)


class StructuredDeploymentGroup(software_deployment_group.SoftwareDeploymentGroup):
    type_name = 'OS::Heat::StructuredDeploymentGroup'
    member_type = StructuredDeployment.type_name
    shared = software_deployment_group.SHARED + tuple(_STRUCTURED)
    properties_schema = dict(
        software_deployment_group.SoftwareDeploymentGroup.properties_schema, **_STRUCTURED)


class StructuredDeployments(StructuredDeploymentGroup):
    """Heat's deprecated name of StructuredDeploymentGroup."""
    type_name = 'OS::Heat::StructuredDeployments'
    substitute_type = StructuredDeploymentGroup.type_name


class SoftwareDeployments(software_deployment_group.SoftwareDeploymentGroup):
    """Heat's deprecated name of SoftwareDeploymentGroup."""
    type_name = 'OS::Heat::SoftwareDeployments'
    substitute_type = software_deployment_group.SoftwareDeploymentGroup.type_name
