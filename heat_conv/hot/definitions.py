"""A resource as one stack operation will build it.

Properties and metadata are partially evaluated snippets: everything that
parameters and conditions decide is computed, and calls that need other
resources' data remain (see ``evaluator``). ``frozen()`` is what a worker
needs to finish the job, and nothing more.
"""


class ResourceDefinition:

    def __init__(self, name, type, version, properties, metadata, deletion_policy,
                 update_policy, depends_on, requires, description='', condition=None,
                 external_id=None, nested_template=None, template_type=None,
                 restricted_actions=()):
        self.name = name
        # The type after the environment's aliases; template_type as written.
        self.type = type
        self.template_type = template_type or type
        # A nested template file or URL the registry maps this type to.
        self.nested_template = nested_template
        self.version = version
        self.properties = properties
        self.metadata = metadata
        self.deletion_policy = deletion_policy
        self.update_policy = update_policy
        self.depends_on = list(depends_on)
        self.description = description
        self.condition = condition
        self.external_id = external_id
        # The environment's restricted_actions for this resource: 'update',
        # 'replace'.
        self.restricted_actions = tuple(sorted(restricted_actions))
        self._requires = {n: frozenset(a) for n, a in requires.items()}

    def requires(self):
        """{resource: frozenset(attribute names)} this resource depends on."""
        return dict(self._requires)

    def frozen(self):
        """A JSON-serialisable definition for storage and for workers."""
        frozen = {
            'name': self.name,
            'type': self.type,
            'version': self.version,
            'properties': self.properties,
            'metadata': self.metadata,
            'deletion_policy': self.deletion_policy,
            'update_policy': self.update_policy,
            'requires': {n: sorted(a) for n, a in sorted(self._requires.items())},
        }
        # Only when set, so definitions without them are stored as before.
        if self.external_id is not None:
            frozen['external_id'] = str(self.external_id)
        if self.restricted_actions:
            frozen['restricted_actions'] = list(self.restricted_actions)
        if self.nested_template is not None:
            frozen['nested_template'] = self.nested_template
        return frozen

    def __repr__(self):
        return f'ResourceDefinition({self.name!r}, {self.type!r})'
