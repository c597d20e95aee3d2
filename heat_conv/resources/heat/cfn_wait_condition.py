"""AWS::CloudFormation::WaitConditionHandle and WaitCondition.

The handle is a stack user of its own with an EC2 keypair; its reference
(``Ref``, ``get_resource``) is a URL of the CFN API
(heat-conv-api-cfn) pre-signed with that keypair for ``PUT``, which
cfn-signal (or curl) sends ``{"Status", "Reason", "UniqueId", "Data"}``
to. The wait condition names the handle by that URL and waits, as the
OS::Heat one does, for ``Count`` SUCCESS signals, the first FAILURE, or
``Timeout`` seconds.
"""

from heat_conv.clients import cfn_urls
from heat_conv.clients import ec2_signing
from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources import stack_user
from heat_conv.resources.heat import wait_condition

KEYS = ('Data', 'Reason', 'Status', 'UniqueId')
WAITCONDITION = 'waitcondition'


def native(details):
    """A CFN signal as the OS::Heat handle's signal body; Invalid unless it
    has exactly Heat's four keys and a SUCCESS or FAILURE status."""
    if not isinstance(details, dict) or set(details) != set(KEYS):
        raise exception.Invalid(f'Metadata format invalid: a wait condition signal '
                                f'has exactly the keys {", ".join(KEYS)}')
    if details['Status'] not in (wait_condition.SUCCESS, wait_condition.FAILURE):
        raise exception.Invalid(f'Metadata format invalid: Status must be SUCCESS or '
                                f'FAILURE, not {details["Status"]!r}')
    return {'status': details['Status'], 'reason': details['Reason'],
            'data': details['Data'], 'id': details['UniqueId']}


def _natives(signals):
    return [native(details) for details in signals]


class WaitConditionHandle(base.Resource):
    type_name = 'AWS::CloudFormation::WaitConditionHandle'
    takes_signals = True
    wants_stack = True
    stack = None

    def create(self):
        stack = stack_user.ensure(self, keypair=True)
        url = cfn_urls.resource_url(WAITCONDITION, stack.tenant, stack.name, stack.id,
                                    self.name)
        self.data['ec2_signed_url'] = ec2_signing.presigned_url(
            self.data['access_key'], self.data['secret_key'], 'PUT', url, None)
        return base.Done(self.data['stack_user_id'])

    def delete(self):
        stack_user.release(self, made_by_name=True)
        self.data.pop('ec2_signed_url', None)
        return base.Done()

    def refid(self):
        return self.data.get('ec2_signed_url') or self.name

    @classmethod
    def metadata_from_signals(cls, signals):
        found = wait_condition.entries(_natives(signals))
        return {key: {'Data': e['data'], 'Reason': e['reason'], 'Status': e['status']}
                for key, e in found.items()}

    def signal_reason(self, details, received=()):
        entry = native(details)
        return f'Signal: status:{entry["status"]} reason:{entry["reason"]}'

    def attributes(self):
        return {}


class WaitCondition(base.Resource):
    type_name = 'AWS::CloudFormation::WaitCondition'
    properties_schema = {
        'Handle': Property('string', required=True,
                           description='The Ref of the wait condition handle '
                                       'signalled (its pre-signed URL).'),
        'Timeout': Property('integer', required=True, min_value=1, max_value=43200,
                            description='Seconds to wait for the signals.'),
        'Count': Property('integer', default=1, min_value=1, update_allowed=True,
                          description='SUCCESS signals needed.'),
    }
    attributes_schema = {'Data': 'JSON: the data of each signal, by UniqueId.'}
    waits_on_signals = True
    wants_stack = True
    stack = None

    def _handle_name(self):
        try:
            tenant, stack_name, stack_id, name = cfn_urls.parse_url(self.properties['Handle'])
        except ValueError as exc:
            raise exception.Invalid(f'WaitCondition invalid Handle: {exc}') from None
        stack = stack_user.stack_of(self)
        if (tenant, stack_name, stack_id) != (stack.tenant, stack.name, stack.id):
            raise exception.Invalid(f'WaitCondition invalid Handle stack {stack_name}')
        return name

    def _wait(self, physical_id):
        return base.Pending(physical_id, timeout=float(self.properties['Timeout']))

    def create(self):
        return self._wait(self._handle_name())

    def update(self, old_properties):
        return self._wait(self.physical_id)

    def progress(self, action, cloud_object):
        return None   # only signals end the wait

    def signal_source(self):
        return {'resource_name': self._handle_name()}

    def judge_signals(self, signals, timed_out=False):
        self._entries = wait_condition.entries(_natives(signals))
        return wait_condition.judge(self, self._entries, self.properties['Count'], timed_out)

    def attributes(self):
        found = getattr(self, '_entries', None)
        if found is None:
            return dict(self.stored_attributes)
        return {'Data': wait_condition.data_of(found)}
