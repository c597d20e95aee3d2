"""How often ``--wait`` looks for new events.

heatclient's ``--wait`` polls the stack's events and prints the new ones;
it sleeps five seconds between polls, so a local stack that converges in a
second still takes five to report, and events arrive in bursts. heat-conv
polls every second instead; ``stack create --poll N`` still wins. The
``openstack`` CLI is untouched: the changes live only in heat-conv's shell
(its command manager, and while ``fast_polling`` is active).
"""
import contextlib
import functools

from heatclient.common import event_utils
from osc_lib.command import commandmanager

POLL_SECONDS = 1


@contextlib.contextmanager
def fast_polling(seconds=POLL_SECONDS):
    """Default ``poll_period`` to ``seconds`` for the commands that do not
    pass one (update, delete, cancel, check...)."""
    original = event_utils.poll_for_events

    @functools.wraps(original)
    def poll_for_events(*args, **kwargs):
        kwargs.setdefault('poll_period', seconds)
        return original(*args, **kwargs)

    # heatclient's commands look the function up on the module at call time.
    event_utils.poll_for_events = poll_for_events
    try:
        yield
    finally:
        event_utils.poll_for_events = original


def lower_poll_default(parser, seconds=POLL_SECONDS):
    """Make ``--poll`` (create, adopt), if the parser has it, default to
    ``seconds``; those commands always pass it on, so fast_polling cannot."""
    for action in parser._actions:
        if action.dest == 'poll':
            action.default = seconds
            action.help = (f'Poll interval in seconds for use with --wait, '
                           f'defaults to {seconds}.')
    return parser


@functools.cache
def _polling_faster(command_class):
    def get_parser(self, prog_name):
        return lower_poll_default(command_class.get_parser(self, prog_name))

    return type(command_class.__name__, (command_class,),
                {'get_parser': get_parser, '__doc__': command_class.__doc__,
                 '__module__': command_class.__module__})


class CommandManager(commandmanager.CommandManager):
    """Hands out commands whose ``--poll`` defaults to POLL_SECONDS; both
    running a command and ``help`` for it come through find_command."""

    def find_command(self, argv):
        factory, name, remainder = super().find_command(argv)
        if isinstance(factory, type):
            factory = _polling_faster(factory)
        return factory, name, remainder
