"""heat-conv's policy rules, with Heat's names and default check strings
(``oslo.policy.policies`` entry point, for oslopolicy-sample-generator)."""
import itertools

from heat_conv.policies import base
from heat_conv.policies import resource_types
from heat_conv.policies import resources
from heat_conv.policies import service
from heat_conv.policies import software
from heat_conv.policies import stacks


def list_rules():
    return list(itertools.chain(base.list_rules(), stacks.list_rules(),
                                resources.list_rules(), resource_types.list_rules(),
                                service.list_rules(),
                                software.list_rules()))
