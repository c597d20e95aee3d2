"""How each template format spells its sections, keys and pseudo parameters.

HOT and CloudFormation templates say the same things with different
names (``resources``/``Resources``, ``depends_on``/``DependsOn``). The rest
of the template language works on the HOT names, the *canonical* ones; a
Layout translates what a template wrote into them, and back for error
paths, so a user always sees the names they wrote.
"""

import dataclasses
import urllib.parse

HOT = 'hot'
CFN = 'cfn'

# Canonical names of the stack facts a template can read as pseudo parameters.
STACK_NAME, STACK_ID, PROJECT_ID, REGION = 'stack_name', 'stack_id', 'project_id', 'region'

# AWS::Region of every Heat stack; Heat answers it without a region service.
CFN_REGION = 'ap-southeast-1'


@dataclasses.dataclass(frozen=True)
class Layout:
    kind: str
    # canonical section -> written name; absent: the format has no such section
    sections: dict
    resource_keys: dict
    output_keys: dict
    # canonical stack fact -> pseudo parameter name
    pseudo_parameters: dict

    def written(self, table, canonical):
        """The name this format uses for a canonical section or key."""
        return getattr(self, table)[canonical]

    def canonical(self, table, written):
        """The canonical name of a written section or key, or None."""
        for name, spelled in getattr(self, table).items():
            if spelled == written:
                return name
        return None

    def path(self, section, name=None, key=None):
        """An error path in written names: ``path('resources', 'web',
        'properties')`` is ('Resources', 'web', 'Properties') in CFN."""
        out = (self.sections[section],)
        if name is not None:
            out += (name,)
        if key is not None:
            table = 'resource_keys' if section == 'resources' else 'output_keys'
            out += (getattr(self, table)[key],)
        return out

    def pseudo_values(self, stack_name, stack_id, project_id):
        """{pseudo parameter name: value} for one stack."""
        facts = {STACK_NAME: stack_name, STACK_ID: stack_id, PROJECT_ID: project_id}
        if self.kind == CFN:
            facts[STACK_ID] = _stack_arn(stack_name, stack_id, project_id)
            facts[REGION] = CFN_REGION
        return {name: facts[fact] for fact, name in self.pseudo_parameters.items()}


def _stack_arn(stack_name, stack_id, project_id):
    # Heat's AWS::StackId; a stack that does not exist yet (validate,
    # preview) has the id 'None'.
    if not stack_id or stack_id == 'None':
        return 'None'
    return 'arn:openstack:heat::%s:stacks/%s/%s' % (
        urllib.parse.quote(project_id or '', safe=''),
        urllib.parse.quote(stack_name or '', safe=''), stack_id)


HOT_LAYOUT = Layout(
    kind=HOT,
    sections={name: name for name in (
        'description', 'parameter_groups', 'parameters', 'conditions',
        'resources', 'outputs')},
    resource_keys={name: name for name in (
        'type', 'properties', 'metadata', 'depends_on', 'deletion_policy',
        'update_policy', 'description', 'condition', 'external_id')},
    output_keys={name: name for name in ('value', 'description', 'condition')},
    pseudo_parameters={STACK_NAME: 'OS::stack_name', STACK_ID: 'OS::stack_id',
                       PROJECT_ID: 'OS::project_id'},
)

CFN_LAYOUT = Layout(
    kind=CFN,
    sections={'description': 'Description', 'parameters': 'Parameters',
              'mappings': 'Mappings', 'conditions': 'Conditions',
              'resources': 'Resources', 'outputs': 'Outputs'},
    resource_keys={'type': 'Type', 'properties': 'Properties', 'metadata': 'Metadata',
                   'depends_on': 'DependsOn', 'deletion_policy': 'DeletionPolicy',
                   'update_policy': 'UpdatePolicy', 'description': 'Description',
                   'condition': 'Condition'},
    output_keys={'value': 'Value', 'description': 'Description', 'condition': 'Condition'},
    pseudo_parameters={STACK_ID: 'AWS::StackId', STACK_NAME: 'AWS::StackName',
                       REGION: 'AWS::Region'},
)
