"""Concurrent scaling signals each get an event saying what was decided
(issue 27, defect 6): under 50 concurrent policy signals, about 30 % left
no event on the group, and some refusals said "the group is
CREATE_COMPLETE". Two signals are interleaved here at the two points
where they meet: one arrives while another holds the group to start its
resize, and one loses the group to another between its read and its
write."""
from heat_conv.engine.core import extensions
from heat_conv.engine.core import messages
from heat_conv.engine.core import resource_action
from heat_conv.engine.signals import scaling
from tests.scenarios import scaling as scenarios

SCALING_ACTIVITY = ('COMPLETE', 'The resource group could not perform scaling action: '
                                'due to scaling activity')


def _created(driver):
    driver.create(scenarios.asg_template(cooldown=0))
    assert driver.settle() == 'CREATE_COMPLETE'
    return messages.ResourceSignalled(driver.resources()['up'].id)


def test_a_signal_while_another_holds_the_group_says_it_is_scaling(driver, monkeypatch):
    signal = _created(driver)
    child_stacks = extensions.service(extensions.CHILD_STACKS)
    real = child_stacks.converge_child

    def converge_while_signalled(group, spec):
        monkeypatch.setattr(child_stacks, 'converge_child', real)
        scaling.signalled(signal)   # the second signal, while the first holds it
        return real(group, spec)
    monkeypatch.setattr(child_stacks, 'converge_child', converge_while_signalled)
    scaling.signalled(signal)
    driver.drain()
    events = scenarios.group_events(driver)
    assert SCALING_ACTIVITY in events, events
    assert not [e for e in events if 'CREATE_COMPLETE' in e[1]], events
    assert ('COMPLETE', 'End resizing the group group: 4 members') in events


def test_a_signal_that_loses_the_group_to_another_still_gets_its_event(driver,
                                                                        monkeypatch):
    signal = _created(driver)
    real = resource_action.write

    def write_after_another(row, values, *args, **kwargs):
        monkeypatch.setattr(scaling.resource_action, 'write', real)
        scaling.signalled(signal)   # the other signal takes the group first
        return real(row, values, *args, **kwargs)
    monkeypatch.setattr(scaling.resource_action, 'write', write_after_another)
    scaling.signalled(signal)
    driver.drain()
    events = scenarios.group_events(driver)
    decided = [e for e in events if e[0] != 'IN_PROGRESS']
    # Each signal says what was decided: one resize (its end) and one refusal.
    assert sorted(decided) == sorted([SCALING_ACTIVITY,
                                      ('COMPLETE', 'End resizing the group group: 4 '
                                                   'members')]), events
