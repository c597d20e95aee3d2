"""The nested template of a ResourceChain: one resource per listed type.

Members are named ``0``, ``1``, ... in list order and all get the
chain's ``resource_properties``. Unless ``concurrent``, each depends on
the one before it, so they are created in order (and deleted in reverse).

Heat also caps a concurrent chain's parallelism at the number of engine
services, to bound the memory its engines use loading the stack; a
heat-conv step never loads the stack, so a concurrent chain is fully
parallel.
"""
from heat_conv.resources.heat import group_template


def assemble(types, properties=None, concurrent=False):
    """The chain's nested template."""
    definitions = []
    for index, type_name in enumerate(types):
        definition = {'type': type_name}
        if properties:
            definition['properties'] = dict(properties)
        if index > 0 and not concurrent:
            definition['depends_on'] = [str(index - 1)]
        definitions.append((str(index), definition))
    return group_template.template(definitions)
