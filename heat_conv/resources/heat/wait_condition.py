"""OS::Heat::WaitConditionHandle and OS::Heat::WaitCondition.

Something outside the stack (a server's boot script) signals the handle;
the wait condition, Pending from its create, ends when the handle has
``count`` SUCCESS signals, on the first FAILURE, or when ``timeout``
seconds pass (the reaper times it). Signals are kept by the engine, not
by the handle, so a signal sent before the wait condition waits counts.
"""
import json

from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.heat import signal_url

SUCCESS, FAILURE = 'SUCCESS', 'FAILURE'
_KEYS = ('status', 'reason', 'data', 'id')


def normalised(details, number):
    """A handle signal's body with Heat's defaults: the ``number``-th distinct
    signal, SUCCESS, no data. Raises Invalid for a body a handle refuses."""
    if details is None:
        details = {}
    if not isinstance(details, dict):
        raise exception.Invalid('A wait condition signal must be a JSON object with '
                                'status, reason, data and id (all optional)')
    unknown = sorted(set(details) - set(_KEYS))
    if unknown:
        raise exception.Invalid(f'Metadata format invalid: unknown key {unknown[0]!r}; '
                                f'expected {", ".join(_KEYS)}')
    entry = {'status': SUCCESS, 'reason': f'Signal {number} received', 'data': None,
             'id': number, **details}
    if entry['status'] not in (SUCCESS, FAILURE):
        raise exception.Invalid(f'Metadata format invalid: status must be {SUCCESS} '
                                f'or {FAILURE}, not {entry["status"]!r}')
    return entry


def entries(signals):
    """{id: entry} of a handle's signals, oldest first; a later signal with
    an id already seen replaces that entry."""
    found = {}
    for details in signals:
        entry = normalised(details, len(found) + 1)
        found[str(entry.pop('id'))] = entry
    return found


class WaitConditionHandle(base.Resource):
    type_name = 'OS::Heat::WaitConditionHandle'
    properties_schema = {
        'signal_transport': Property(
            'string', default='TOKEN_SIGNAL',
            allowed_values=('TOKEN_SIGNAL', 'HEAT_SIGNAL', 'NO_SIGNAL'),
            description='How the handle is signalled: TOKEN_SIGNAL and HEAT_SIGNAL '
                        'are a POST to the resource signal API (endpoint, '
                        'curl_cli); NO_SIGNAL leaves them empty.'),
    }
    attributes_schema = {
        'endpoint': 'The URL to POST signals to.',
        'token': 'A token for the signal URL (none without Keystone).',
        'curl_cli': 'A curl command that signals the handle; append '
                    '--data-binary \'{"status": "SUCCESS"}\'.',
        'signal': 'JSON: what a signal sender needs (the URL).',
    }
    takes_signals = True
    wants_stack = True
    stack = None   # set by the engine for create: tenant, name and id

    def create(self):
        return base.Done(self.resource_id)

    @classmethod
    def metadata_from_signals(cls, signals):
        return entries(signals)   # what Heat keeps in the handle's metadata

    def signal_reason(self, details, received=()):
        entry = normalised(details, len(entries(received)) + 1)
        return f'Signal: status:{entry["status"]} reason:{entry["reason"]}'

    def attributes(self):
        if self.stack is None:
            return dict(self.stored_attributes)
        if self.properties.get('signal_transport') == 'NO_SIGNAL':
            return {'endpoint': None, 'token': None, 'curl_cli': None, 'signal': None}
        url = signal_url.signal_url(self.stack.tenant, self.stack.name, self.stack.id,
                                    self.name)
        curl = ("curl -i -X POST -H 'Content-Type: application/json' "
                f"-H 'Accept: application/json' {url}")
        return {'endpoint': url, 'token': None, 'curl_cli': curl,
                'signal': json.dumps({'alarm_url': url})}


class WaitCondition(base.Resource):
    type_name = 'OS::Heat::WaitCondition'
    properties_schema = {
        'handle': Property('string', required=True,
                           description='The wait condition handle signalled '
                                       '(get_resource of it).'),
        'timeout': Property('number', required=True, min_value=1, max_value=43200,
                            description='Seconds to wait for the signals.'),
        'count': Property('integer', default=1, min_value=1, update_allowed=True,
                          description='SUCCESS signals needed.'),
    }
    attributes_schema = {'data': 'JSON: the data of each signal, by signal id.'}
    waits_on_signals = True
    heat_class_name = 'HeatWaitCondition'

    def create(self):
        return base.Pending(self.resource_id, timeout=float(self.properties['timeout']))

    def update(self, old_properties):
        return base.Pending(self.physical_id, timeout=float(self.properties['timeout']))

    def progress(self, action, cloud_object):
        return None   # nothing in the cloud: only signals end the wait

    def signal_source(self):
        return {'physical_id': self.properties['handle']}

    def judge_signals(self, signals, timed_out=False):
        self._entries = entries(signals)
        return judge(self, self._entries, self.properties['count'], timed_out)

    def attributes(self):
        found = getattr(self, '_entries', None)
        if found is None:
            return dict(self.stored_attributes)
        return {'data': data_of(found)}


def judge(plugin, found, count, timed_out):
    """A wait condition's outcome from its signals' ``found`` entries (Heat's
    wording, shared by the CFN type): Failed at the first failure signal,
    Done once ``count`` succeeded, Failed at the timeout, else None."""
    failed = [str(e['reason']) for e in found.values() if e['status'] != SUCCESS]
    if failed:
        return base.Failed(f'WaitConditionFailure: resources.{plugin.name}: '
                           + ';'.join(failed), plugin.physical_id)
    succeeded = [str(e['reason']) for e in found.values()]
    if len(succeeded) >= count:
        return base.Done(plugin.physical_id)
    if timed_out:
        detail = f'{len(succeeded)} of {count} received'
        if succeeded:
            detail += ' - ' + ';'.join(succeeded)
        return base.Failed(f'WaitConditionTimeout: resources.{plugin.name}: {detail}',
                           plugin.physical_id)
    return None


def data_of(found):
    """The ``data`` attribute: each signal's data by its id, as JSON."""
    return json.dumps({key: e['data'] for key, e in found.items()})
