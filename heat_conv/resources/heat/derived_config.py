"""The config a software deployment resource deploys: its source config
with every input given its value, as Heat derives it.

Heat makes one such config per deployment action: the deployment points
at it (``config_id``), so the server's agent reads the values from the
config, while the deployment's ``input_values`` stay what the template
gave. Heat's own inputs (``deploy_server_id``, ``deploy_action``, ...)
are appended. Pure.
"""

DEPLOY_INPUTS = (
    ('deploy_server_id', 'ID of the server being deployed to'),
    ('deploy_action', 'Name of the current action being deployed'),
    ('deploy_stack_id', 'ID of the stack this deployment belongs to'),
    ('deploy_resource_name', 'Name of this deployment resource in the stack'),
    ('deploy_signal_transport', 'How the server should signal to heat with the '
                                'deployment output values.'),
)
# Appended when the transport gives them (CFN_SIGNAL's pre-signed URL).
SIGNAL_INPUTS = (
    ('deploy_signal_id', 'ID of signal to use for signaling output values'),
    ('deploy_signal_verb', 'HTTP verb to use for signaling output values'),
)


def inputs(source_inputs, input_values, deploy_values):
    """The derived inputs: the source's with their values (or defaults),
    one for each value without a declared input, then Heat's own."""
    values = dict(input_values or {})
    derived = []
    for declared in source_inputs or []:
        derived.append(dict(declared, value=values.pop(declared['name'],
                                                       declared.get('default'))))
    derived.extend({'name': name, 'type': 'String', 'value': value}
                   for name, value in values.items())
    derived.extend({'name': name, 'type': 'String', 'description': description,
                    'value': deploy_values.get(name)}
                   for name, description in DEPLOY_INPUTS)
    derived.extend({'name': name, 'type': 'String', 'description': description,
                    'value': deploy_values[name]}
                   for name, description in SIGNAL_INPUTS if name in deploy_values)
    return derived


def derived(source, name, input_values, deploy_values):
    """The derived config's row values (without its tenant) from the source
    config's row (or None: a deployment of no config)."""
    document = (source.config if source is not None else None) or {}
    return {'name': name or (source.name if source is not None else None),
            'group': (source.group if source is not None else None) or 'Heat::Ungrouped',
            'config': {'config': document.get('config') or '',
                       'options': document.get('options') or {},
                       'outputs': document.get('outputs') or [],
                       'inputs': inputs(document.get('inputs'), input_values,
                                        deploy_values)}}
