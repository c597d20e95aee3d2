"""A scaling group whose resize report was lost is not stuck resizing:
the reaper sends the report again (heat_conv.engine.nested.parent_link)."""
from heat_conv.common import config
from heat_conv.engine.recovery import reaper
from tests.scenarios import scaling

CONF = config.CONF
COOLDOWN = 30


def _lose_the_resize_report(driver, policy):
    driver.signal(policy)
    driver.run_until(lambda: any(m[0] == 'scaling_done' for m in driver.queue),
                     'the child reports the end of the resize')
    driver.queue[:] = [m for m in driver.queue if m[0] != 'scaling_done']   # lost
    driver.drain()


def test_a_lost_resize_report_is_sent_again_by_the_reaper(driver):
    driver.create(scaling.asg_template(COOLDOWN))
    assert driver.settle() == 'CREATE_COMPLETE'
    scaling.pass_time(driver, COOLDOWN + 1)
    _lose_the_resize_report(driver, 'up')
    assert scaling.metadata(driver)['scaling_in_progress'] is True
    reaper.run_once()   # not yet: the child has not been quiet for long
    assert not driver.queue
    driver.clock.advance(CONF.engine.stall_timeout + 1)
    reaper.run_once()
    assert [m[0] for m in driver.queue] == ['scaling_done']
    driver.drain()
    assert scaling.group_events(driver)[-1] == (
        'COMPLETE', 'End resizing the group group: 4 members')
    scaling.assert_size(driver, 4)
    # The group scales again once out of the cooldown the resize started.
    scaling.pass_time(driver, COOLDOWN + 1)
    assert scaling.signal_and_wait(driver, 'down') == (
        'COMPLETE', 'End resizing the group group: 1 members')
    scaling.assert_size(driver, 1)


def test_a_duplicate_resize_report_changes_nothing(driver):
    driver.create(scaling.asg_template(COOLDOWN))
    assert driver.settle() == 'CREATE_COMPLETE'
    scaling.pass_time(driver, COOLDOWN + 1)
    driver.signal('up')
    driver.run_until(lambda: any(m[0] == 'scaling_done' for m in driver.queue),
                     'the child reports the end of the resize')
    report = next(m for m in driver.queue if m[0] == 'scaling_done')
    driver.drain()
    four = scaling.assert_size(driver, 4)
    events = scaling.group_events(driver)
    row = driver.resources()['group']
    driver.queue.append(report)   # delivered twice
    driver.drain()
    assert scaling.group_events(driver) == events
    again = driver.resources()['group']
    assert (again.rsrc_data, again.attributes_data) == (row.rsrc_data, row.attributes_data)
    # Nor does the reaper find anything to send once the resize has ended.
    driver.clock.advance(CONF.engine.stall_timeout + 1)
    reaper.run_once()
    assert not driver.queue
    assert scaling.members(driver) == four
