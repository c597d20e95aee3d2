"""heat-conv's --wait polls every second; the openstack CLI keeps its five."""
from heatclient.common import event_utils
from heatclient.osc.v1 import stack as heat_stack

from heat_conv_client import progress
from heat_conv_client import shell


def test_fast_polling_defaults_the_period_and_restores_it(monkeypatch):
    calls = []
    monkeypatch.setattr(event_utils, 'poll_for_events',
                        lambda *args, **kwargs: calls.append(kwargs))
    original = event_utils.poll_for_events
    with progress.fast_polling(seconds=0.5):
        event_utils.poll_for_events('hc', 'stack', action='UPDATE')
        event_utils.poll_for_events('hc', 'stack', poll_period=7)
    assert event_utils.poll_for_events is original
    assert calls == [{'action': 'UPDATE', 'poll_period': 0.5}, {'poll_period': 7}]


def _poll_default(cmd_class, *words):
    parser = cmd_class(None, None).get_parser(' '.join(words))
    return parser.parse_args(['-t', 'x.yaml', 'name']).poll


def test_create_polls_every_second_in_heat_conv_only():
    manager = shell.HeatConvShell({}).command_manager
    factory, name, remainder = manager.find_command(['stack', 'create', 'x'])
    assert (name, remainder) == ('stack create', ['x'])
    assert issubclass(factory, heat_stack.CreateStack)
    assert _poll_default(factory, 'heat-conv', name) == progress.POLL_SECONDS
    assert _poll_default(heat_stack.CreateStack, 'openstack', name) == 5
    # The same class comes back every time: help and run see one command.
    assert manager.find_command(['stack', 'create'])[0] is factory
