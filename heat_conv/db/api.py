"""The one query layer: every SQL statement heat-conv runs is behind it.

Functions take and return plain values or detached model objects. Writes
that change ownership are compare-and-swap updates checked by row count;
transient deadlocks are retried. The statements live in
``heat_conv.db.queries``, one module per concept; callers import only this.
"""
from heat_conv.db.queries.common import transaction  # noqa: F401
from heat_conv.db.queries.events import event_get  # noqa: F401
from heat_conv.db.queries.events import event_list  # noqa: F401
from heat_conv.db.queries.events import events_add  # noqa: F401
from heat_conv.db.queries.events import events_purge_oldest  # noqa: F401
from heat_conv.db.queries.lifecycle import stack_create_with_resources  # noqa: F401
from heat_conv.db.queries.lifecycle import stack_forget  # noqa: F401
from heat_conv.db.queries.observation import observer_leases  # noqa: F401
from heat_conv.db.queries.observation import observer_release  # noqa: F401
from heat_conv.db.queries.observation import resources_observable  # noqa: F401
from heat_conv.db.queries.observation import resources_record_drift  # noqa: F401
from heat_conv.db.queries.observation import stacks_auto_heal  # noqa: F401
from heat_conv.db.queries.observation import stacks_observable  # noqa: F401
from heat_conv.db.queries.purge import stacks_purge_deleted  # noqa: F401
from heat_conv.db.queries.recovery import resources_orphaned  # noqa: F401
from heat_conv.db.queries.recovery import stacks_quiet_since  # noqa: F401
from heat_conv.db.queries.recovery import stacks_waiting_on_cloud  # noqa: F401
from heat_conv.db.queries.recovery import stacks_with_locks  # noqa: F401
from heat_conv.db.queries.recovery import traversal_state  # noqa: F401
from heat_conv.db.queries.resources import resource_and_traversal  # noqa: F401
from heat_conv.db.queries.resources import resource_cas  # noqa: F401
from heat_conv.db.queries.resources import resource_create  # noqa: F401
from heat_conv.db.queries.resources import resource_delete_unused  # noqa: F401
from heat_conv.db.queries.resources import resource_get  # noqa: F401
from heat_conv.db.queries.resources import resource_set_check_status  # noqa: F401
from heat_conv.db.queries.resources import resource_state_counts  # noqa: F401
from heat_conv.db.queries.resources import resources_failed_in  # noqa: F401
from heat_conv.db.queries.resources import resources_locked  # noqa: F401
from heat_conv.db.queries.resources import resources_of_stack  # noqa: F401
from heat_conv.db.queries.resources import resources_purge_deleted  # noqa: F401
from heat_conv.db.queries.resources import resources_waiting  # noqa: F401
from heat_conv.db.queries.services import service_delete  # noqa: F401
from heat_conv.db.queries.services import service_heartbeat  # noqa: F401
from heat_conv.db.queries.services import service_list  # noqa: F401
from heat_conv.db.queries.services import service_mark_dead  # noqa: F401
from heat_conv.db.queries.services import service_purge_stopped  # noqa: F401
from heat_conv.db.queries.snapshots import snapshot_count  # noqa: F401
from heat_conv.db.queries.snapshots import snapshot_create  # noqa: F401
from heat_conv.db.queries.snapshots import snapshot_delete  # noqa: F401
from heat_conv.db.queries.snapshots import snapshot_get  # noqa: F401
from heat_conv.db.queries.snapshots import snapshot_list  # noqa: F401
from heat_conv.db.queries.stacks import stack_count  # noqa: F401
from heat_conv.db.queries.stacks import stack_create  # noqa: F401
from heat_conv.db.queries.stacks import stack_get  # noqa: F401
from heat_conv.db.queries.stacks import stack_get_by_name  # noqa: F401
from heat_conv.db.queries.stacks import stack_last_activity  # noqa: F401
from heat_conv.db.queries.stacks import stack_list  # noqa: F401
from heat_conv.db.queries.stacks import stack_update  # noqa: F401
from heat_conv.db.queries.stacks import stacks_in_progress  # noqa: F401
from heat_conv.db.queries.stacks import stacks_never_started  # noqa: F401
from heat_conv.db.queries.templates import raw_template_create  # noqa: F401
from heat_conv.db.queries.templates import raw_template_descriptions  # noqa: F401
from heat_conv.db.queries.templates import raw_template_get  # noqa: F401
from heat_conv.db.queries.traversals import LAST  # noqa: F401
from heat_conv.db.queries.traversals import LAST_MUST_ACT  # noqa: F401
from heat_conv.db.queries.traversals import NOT_LAST  # noqa: F401
from heat_conv.db.queries.traversals import successors  # noqa: F401
from heat_conv.db.queries.traversals import sync_arrive  # noqa: F401
from heat_conv.db.queries.traversals import sync_arrive_own_update  # noqa: F401
from heat_conv.db.queries.traversals import sync_inputs  # noqa: F401
from heat_conv.db.queries.traversals import sync_point_get  # noqa: F401
from heat_conv.db.queries.traversals import traversal_purge  # noqa: F401
from heat_conv.db.queries.traversals import traversal_store  # noqa: F401
