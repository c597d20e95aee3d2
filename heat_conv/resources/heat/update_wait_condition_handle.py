"""OS::Heat::UpdateWaitConditionHandle: a wait condition handle that every
stack update replaces, as Heat's does.

The new handle has a new id and none of the old one's signals, so a wait
condition on it (whose ``handle`` changes) waits again: whatever signals
it must signal again after each update, and an update is complete only
once it has. Heat's handle is CloudFormation's, whose reference is a
CFN-signed URL; heat-conv has no CFN API, so its reference is its id and
it is signalled through the resource signal API (``openstack stack
resource signal``). Like Heat's, it has no properties and no attributes.
"""
from heat_conv.resources.heat import wait_condition


class UpdateWaitConditionHandle(wait_condition.WaitConditionHandle):
    type_name = 'OS::Heat::UpdateWaitConditionHandle'
    properties_schema = {}
    attributes_schema = {}
    replaced_on_update = True

    def attributes(self):
        return {}
