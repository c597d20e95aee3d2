"""The layering DESIGN.md describes, checked on every import in heat_conv.

- Other packages reach the engine only through its public face: the stack
  operations the API runs, the messages it casts and how it casts them,
  and the decision table an update preview shares with the steps; entry
  points (heat_conv.cmd) may also start the engine's worker service.
- Only heat_conv.db uses its models and statements; everyone else goes
  through heat_conv.db.api (entry points also set up the database).
- The engine reaches resources only through the plugin interface (the
  registry and the base class's outcomes), and never the cloud.
- Nothing below the API imports it: what both need (a stack's stored
  state read back) lives in heat_conv.stacks.
"""
import ast
import pathlib

import heat_conv

PACKAGE = pathlib.Path(heat_conv.__file__).parent

ENGINE_FACE = {'heat_conv.engine.core.stack_operations',
               'heat_conv.engine.signals.signal_operations',
               'heat_conv.engine.lifecycle.stack_lifecycle',
               'heat_conv.engine.lifecycle.stack_adopt',
               'heat_conv.engine.lifecycle.stack_abandon', 'heat_conv.engine.lifecycle.snapshots',
               'heat_conv.engine.core.messages',
               'heat_conv.engine.core.rpc', 'heat_conv.engine.core.decision'}
ENTRY_POINT_EXTRAS = {'heat_conv.engine.server', 'heat_conv.db.session',
                      'heat_conv.db.migration'}
PLUGIN_INTERFACE = {'heat_conv.resources.registry', 'heat_conv.resources.base'}
BELOW_API = {'common', 'db', 'hot', 'resources', 'stacks', 'engine', 'cloud', 'observer'}


def _module_name(path):
    parts = path.relative_to(PACKAGE.parent).with_suffix('').parts
    return '.'.join(parts[:-1] if parts[-1] == '__init__' else parts)


def _is_module(name):
    path = PACKAGE.parent.joinpath(*name.split('.'))
    return path.with_suffix('.py').exists() or (path / '__init__.py').exists()


def imports(source):
    """Every heat_conv module ``source`` imports, at any depth."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                candidate = f'{node.module}.{alias.name}'
                found.add(candidate if _is_module(candidate) else node.module)
    return {name for name in found if name.startswith('heat_conv.')}


def violations(module, imported):
    """The imports of ``module`` that break the layering, with why."""
    wrong = []
    for name in sorted(imported):
        if name.startswith('heat_conv.engine.') and not module.startswith('heat_conv.engine'):
            allowed = ENGINE_FACE | (ENTRY_POINT_EXTRAS
                                     if module.startswith('heat_conv.cmd') else set())
            if name not in allowed:
                wrong.append(f'{name}: not the engine\'s public face')
        if name.startswith('heat_conv.db.') and not module.startswith('heat_conv.db'):
            allowed = {'heat_conv.db.api'} | (ENTRY_POINT_EXTRAS
                                              if module.startswith('heat_conv.cmd') else set())
            if name not in allowed:
                wrong.append(f'{name}: only through heat_conv.db.api')
        if name.startswith('heat_conv.api') and module.split('.')[1:2] and \
                module.split('.')[1] in BELOW_API:
            wrong.append(f'{name}: the API is above {module}')
        if module.startswith('heat_conv.engine'):
            if name.startswith('heat_conv.cloud'):
                wrong.append(f'{name}: the engine reaches the cloud only through plugins')
            if name.startswith('heat_conv.resources.') and name not in PLUGIN_INTERFACE:
                wrong.append(f'{name}: the engine uses resources through the plugin '
                             'interface only')
    return wrong


def test_every_module_keeps_to_its_layer():
    broken = {}
    for path in sorted(PACKAGE.rglob('*.py')):
        module = _module_name(path)
        wrong = violations(module, imports(path.read_text()))
        if wrong:
            broken[module] = wrong
    assert not broken, broken


def test_the_check_sees_a_reach_past_the_public_face():
    source = ('from heat_conv.engine.core import step\n'
              'def later():\n    from heat_conv.db.queries import resources\n')
    assert violations('heat_conv.api.controllers.stacks', imports(source)) == [
        'heat_conv.db.queries.resources: only through heat_conv.db.api',
        "heat_conv.engine.core.step: not the engine's public face"]
    assert violations('heat_conv.engine.core.step',
                      imports('from heat_conv.cloud import client\n'
                              'from heat_conv.resources import dummy\n')) == [
        'heat_conv.cloud.client: the engine reaches the cloud only through plugins',
        'heat_conv.resources.dummy: the engine uses resources through the plugin '
        'interface only']
    # A lazy import inside a function counts too.
    assert violations('heat_conv.resources.stack_backed',
                      imports('def outputs():\n    from heat_conv.api import x\n')) == [
        'heat_conv.api: the API is above heat_conv.resources.stack_backed']
