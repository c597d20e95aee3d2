"""What a SwiftSignal reads from its handle's objects, and Heat's verdict.

Each PUT to a handle's temp URL writes a new version of its object (the
stack's container keeps versions in itself, ``X-Versions-Location``), so
every object whose name holds the handle's object name is one signal; the
first, ``in progress``, is the handle's own and no signal. A signal's body
is JSON with ``status``, ``reason``, ``data`` and ``id``, all optional (an
empty body is a SUCCESS); a later signal with an id already seen replaces
the earlier one.
"""
import json

from heat_conv.clients import swift_api
from heat_conv.plugin_interface import base

SUCCESS, FAILURE = 'SUCCESS', 'FAILURE'


class BadSignal(Exception):
    """A signal body that is not JSON (Heat's resource fails on it)."""


def bodies(cloud, container, object_name):
    """The bodies of the signals to ``object_name``, oldest first; [] when
    the container or its objects are gone (the wait goes on, as in Heat)."""
    names = swift_api.object_names(cloud, container) or []
    found = []
    for name in names:
        if object_name not in name:
            continue   # another handle's, in the same stack's container
        body = swift_api.read_object(cloud, container, name)
        if body is not None and body != swift_api.IN_PROGRESS:
            found.append(body)
    return found


def parse(texts):
    """The signals of the bodies ``texts``, with Heat's defaults; raises
    BadSignal for a body that is not a JSON object."""
    signals = []
    for number, text in enumerate(texts, start=1):
        if text == '':
            signal = {}
        else:
            try:
                signal = json.loads(text)
            except ValueError:
                raise BadSignal(f'Failed to parse JSON data: {text}') from None
            if not isinstance(signal, dict):
                raise BadSignal(f'Failed to parse JSON data: {text}')
        if 'id' in signal:
            signals = [s for s in signals if s.get('id') != signal['id']]
        signal.setdefault('data', None)
        signal.setdefault('id', number)
        signal.setdefault('reason', f'Signal {signal["id"]} received')
        signal.setdefault('status', SUCCESS)
        signals.append(signal)
    return signals


def reasons(signals, status):
    return [str(s['reason']) for s in signals if s['status'] == status]


def judge(name, physical_id, signals, count, timed_out=False):
    """Done once ``count`` SUCCESS signals came, Failed at a FAILURE (or an
    unknown status), Failed at the timeout, else None (go on waiting)."""
    if timed_out:
        received = reasons(signals, SUCCESS)
        detail = f'{len(received)} of {count} received'
        if received:
            detail += ' - ' + ';'.join(received)
        return base.Failed(f'SwiftSignalTimeout: resources.{name}: {detail}',
                           physical_id)
    for signal in signals:
        if signal['status'] == FAILURE:
            return base.Failed(f'SwiftSignalFailure: resources.{name}: '
                               + ';'.join(reasons(signals, FAILURE)), physical_id)
        if signal['status'] != SUCCESS:
            return base.Failed(f'Error: resources.{name}: Unknown status: '
                               f'{signal["status"]}', physical_id)
    if signals and len(signals) >= count:
        return base.Done(physical_id, seen={'signals': signals})
    return None


def data(signals):
    """The ``data`` attribute: each signal's data by its id, as JSON; null
    without signals."""
    if not signals:
        return json.dumps(None)
    return json.dumps({str(s['id']): s['data'] for s in signals})
