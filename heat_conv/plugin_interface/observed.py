"""The base of resource types whose objects live in a cloud the observer
watches: the simulated cloud's and a real OpenStack's.

Every such type reads its object the same way: an action in progress
settles when the object shows it (``progress``), drift compares the object
with the stored properties (``drift``, ``observe_drift``), and a stack
check asks whether the object is still there and healthy (``check``). A
type says only what is its own, in the hooks: how to look at its object,
what a state of it means, which properties to compare.
"""
import logging

from heat_conv.common.status import Action
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base

LOG = logging.getLogger(__name__)


class ObservedResource(base.Resource):
    observed = True
    # What a failed look at the cloud raises (anything else is a bug and
    # propagates).
    look_errors = (Exception,)

    # --- hooks ------------------------------------------------------------

    def look(self):
        """The object as the cloud shows it now, None if it is gone; raises
        one of ``look_errors`` if the cloud cannot be asked."""
        raise NotImplementedError

    def look_for_check(self):
        """``look``, as a stack check does it."""
        return self.look()

    def describe_look_error(self, exc):
        return str(exc)

    def check_failed(self, exc):
        """A stack check's outcome when the cloud cannot be asked."""
        return base.Failed(self.describe_look_error(exc))

    def progress_of(self, action, cloud_object):
        """Done, Pending or Failed for an action (not a delete) whose object
        the cloud shows as ``cloud_object``."""
        return base.Done(self.physical_id)

    def healthy(self, cloud_object):
        """A stack check's outcome for an object the cloud shows."""
        return base.Done(self.physical_id)

    def differences(self, expected, cloud_object):
        """{property: {'expected', 'actual'}} where the object differs from
        the ``expected`` properties."""
        raise NotImplementedError

    # --- what the engine and the observer call ----------------------------

    def progress(self, action, cloud_object):
        """Done, Failed, or None while the cloud is still working."""
        if action == Action.DELETE:
            return base.Done() if cloud_object is None else None
        if cloud_object is None:
            return base.Failed(f'{self.type_name} {self.physical_id} disappeared '
                               f'during {action}')
        outcome = self.progress_of(action, cloud_object)
        return None if isinstance(outcome, base.Pending) else outcome

    def drift(self, expected, cloud_object):
        """(DELETED, reason) when the cloud no longer shows the object;
        (MODIFIED, {property: {expected, actual}}) when it differs from the
        template; else (IN_SYNC, None)."""
        if cloud_object is None:
            return Drift.DELETED, {'reason': f'{self.type_name} {self.physical_id} no '
                                             'longer exists'}
        differences = self.differences(expected, cloud_object)
        return (Drift.MODIFIED, differences) if differences else (Drift.IN_SYNC, None)

    def observe_drift(self):
        """The object's drift now (a converge from reality asks), or None
        when it has none or the cloud cannot be asked."""
        if not self.physical_id:
            return None
        try:
            found = self.look()
        except self.look_errors as exc:
            # A failed look decides nothing: compare with the stored state.
            LOG.warning('could not look at %s %s: %s', self.type_name, self.physical_id,
                        self.describe_look_error(exc))
            return None
        return self.drift(self.stored_properties, found)[0]

    def check(self):
        """Ask the cloud whether the resource is healthy: Done or Failed."""
        if not self.physical_id:
            return base.Failed(f'{self.type_name} has no physical object')
        try:
            found = self.look_for_check()
        except self.look_errors as exc:
            return self.check_failed(exc)
        if found is None:
            return base.Failed(f'{self.type_name} {self.physical_id} was deleted '
                               'outside heat-conv')
        return self.healthy(found)
