"""``stack drift``: how each resource's object compares with the template.

An OpenStackClient plugin command, like ``stack graph``. One row per
differing property (expected vs actual), so a MODIFIED resource shows
exactly what changed; resources in sync get one row saying so.
"""
from heatclient import exc as heat_exc
from osc_lib import exceptions
from osc_lib.command import command

# The API's drift_status words (the client installs without the server, so
# it names them itself; a test holds them to heat_conv.common.status.Drift).
IN_SYNC, MODIFIED, NOT_CHECKED = 'IN_SYNC', 'MODIFIED', 'NOT_CHECKED'

COLUMNS = ('Resource', 'Drift', 'Property', 'Expected', 'Actual', 'Checked')


def rows(resources, only_drifted=False):
    """Table rows from the API's resource list (dicts or heatclient objects)."""
    table = []
    for resource in sorted(resources, key=lambda r: _get(r, 'resource_name')):
        name = _get(resource, 'resource_name')
        status = _get(resource, 'drift_status') or NOT_CHECKED
        if only_drifted and status in (IN_SYNC, NOT_CHECKED):
            continue
        checked = _get(resource, 'drift_checked_time') or ''
        detail = _get(resource, 'drift_detail') or {}
        changes = {k: v for k, v in detail.items() if isinstance(v, dict)}
        if status == MODIFIED and changes:
            for prop, change in sorted(changes.items()):
                table.append((name, status, prop, _show(change.get('expected')),
                              _show(change.get('actual')), checked))
        else:
            table.append((name, status, '', '', detail.get('reason', ''), checked))
    return table


def _get(resource, key):
    if isinstance(resource, dict):
        return resource.get(key)
    return getattr(resource, key, None)


def _show(value):
    return '' if value is None else str(value)


class StackDrift(command.Lister):
    """Show how a stack's resources compare with reality (drift)."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', metavar='<stack>', help='Name or ID of the stack')
        parser.add_argument('--drifted', action='store_true',
                            help='Only resources whose object differs from the '
                                 'template or is gone')
        return parser

    def take_action(self, parsed_args):
        client = self.app.client_manager.orchestration
        try:
            stack = client.stacks.get(parsed_args.stack, resolve_outputs=False)
            resources = client.resources.list(f'{stack.stack_name}/{stack.id}')
        except heat_exc.HTTPNotFound:
            raise exceptions.CommandError(f'Stack not found: {parsed_args.stack}')
        table = rows(resources, parsed_args.drifted)
        if not table and parsed_args.drifted and parsed_args.formatter == 'table':
            # An empty answer must not look like a failure: show the empty
            # table and say why it is empty (other formats stay parseable).
            parsed_args.print_empty = True
            self.app.stdout.write(f'No drift: no resource of {parsed_args.stack} differs '
                                  'from its template or is gone.\n')
        return COLUMNS, table
