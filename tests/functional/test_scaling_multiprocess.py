"""Autoscaling groups and their policies on MariaDB + RabbitMQ with two
engines, in real time (a short cooldown)."""
from tests.scenarios import scaling as scenarios


def test_asg_scales_2_4_1_through_policy_signals_with_cooldown(driver):
    scenarios.asg_scales_2_4_1_through_policy_signals_with_cooldown(driver, cooldown=5)


def test_asg_stays_within_its_bounds(driver):
    scenarios.asg_stays_within_its_bounds(driver)


def test_stack_update_resizes_to_the_desired_capacity(driver):
    scenarios.stack_update_resizes_to_the_desired_capacity(driver)


def test_rolling_updates_replace_members_in_batches(driver):
    scenarios.rolling_updates_replace_members_in_batches(driver)
