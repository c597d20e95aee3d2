"""A ResourceGroup's ``update_policy``: ``rolling_update`` and ``batch_create``.

The policy is template data of the group (not a property); its values
may be strings (``max_batch_size: '3'``), as Heat accepts.
"""
import dataclasses

from heat_conv.common import exception
from heat_conv.plugin_interface import properties as props_mod
from heat_conv.plugin_interface.properties import Property

ROLLING_UPDATE = 'rolling_update'
BATCH_CREATE = 'batch_create'

_ROLLING_SCHEMA = {
    'min_in_service': Property('integer', default=0, min_value=0,
                               description='Members kept in service while updating.'),
    'max_batch_size': Property('integer', default=1, min_value=1,
                               description='Members updated at once.'),
    'pause_time': Property('number', default=0, min_value=0,
                           description='Seconds to wait between batches.'),
}
_BATCH_CREATE_SCHEMA = {
    'max_batch_size': Property('integer', default=1, min_value=1,
                               description='Members created at once.'),
    'pause_time': Property('number', default=0, min_value=0,
                           description='Seconds to wait between batches.'),
}


@dataclasses.dataclass(frozen=True)
class Batching:
    batch_size: int
    min_in_service: int
    pause: float


def parse(policy, path=()):
    """{'rolling_update': Batching or None, 'batch_create': Batching or None}
    from a resolved update_policy; raises InvalidProperties at ``path``."""
    policy = policy or {}
    if not isinstance(policy, dict):
        raise exception.InvalidProperties('The update policy must be a map', path=path)
    result = {ROLLING_UPDATE: None, BATCH_CREATE: None}
    for key, value in policy.items():
        here = tuple(path) + (key,)
        if key == ROLLING_UPDATE:
            values = props_mod.validate(_ROLLING_SCHEMA, value, here)
            result[key] = Batching(values['max_batch_size'], values['min_in_service'],
                                   values['pause_time'])
        elif key == BATCH_CREATE:
            values = props_mod.validate(_BATCH_CREATE_SCHEMA, value, here)
            result[key] = Batching(values['max_batch_size'], 0, values['pause_time'])
        else:
            raise exception.InvalidProperties(f'Unknown update policy {key}', path=here)
    return result
