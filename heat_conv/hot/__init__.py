"""The template language (HOT and CloudFormation formats): loading, checking
and evaluating templates.

Entry points are in ``template``: ``Template.load`` (parse and check a
template with its files and environment), ``Template.bind`` (a
``StackDefinition`` for one stack's parameters) and ``resolve_frozen``
(finish a frozen snippet on a worker from resource data alone).

Layout, one concept per module:

- yaml_loader: text to mapping, with line numbers on syntax errors
- versions: what each template version allows (a table of functions,
  sections and keys); layouts: how each format spells its sections and keys
- sections: the shape of the top-level sections, resources, outputs, mappings
- parameters, parameter_types, constraints, parameter_groups: parameters;
  cfn_parameters: the CloudFormation spelling of them
- environment, resource_registry: the stack environment; environment_merge:
  merging environment files with parameter_merge_strategies
- syntax: how a function call is spelled in a snippet
- function_base, functions: the function interface and per-version lookup
- string_functions, collection_functions, condition_functions, references,
  cfn_functions, yaql_function: the intrinsic functions themselves
- checker: static checks of a template as written
- evaluator: partial evaluation at bind time, final evaluation on workers
- conditions: the conditions section
- dependencies: dependency graphs and cycle detection
- definitions: ResourceDefinition
- stack_definition: StackDefinition, the result of binding
"""
