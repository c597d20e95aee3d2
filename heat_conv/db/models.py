"""SQLAlchemy models: the whole persistent state of heat-conv.

Engines are stateless, so everything a worker needs to act on one graph node
lives here: the stack's current traversal, each resource row's lock and
stored requirements, and one sync point per node of a traversal (with the
node's outgoing edges).
"""
import uuid

import sqlalchemy as sa
from sqlalchemy import orm
from sqlalchemy.dialects import mysql

from heat_conv.common import timeutils
from heat_conv.common.status import Action
from heat_conv.common.status import Drift
from heat_conv.common.status import Status

# MariaDB's DATETIME drops fractions of a second unless asked; events and
# heartbeats need them for ordering.
DateTime = sa.DateTime().with_variant(mysql.DATETIME(fsp=6), 'mysql', 'mariadb')
# JSON documents can be large (templates); LONGTEXT on MySQL.
Json = sa.JSON().with_variant(mysql.JSON(), 'mysql', 'mariadb')


def new_uuid():
    return str(uuid.uuid4())


class Base(orm.DeclarativeBase):
    pass


class TimestampMixin:
    created_at = sa.Column(DateTime, nullable=False, default=timeutils.utcnow)
    updated_at = sa.Column(DateTime, nullable=True, onupdate=timeutils.utcnow)


class RawTemplate(Base):
    __tablename__ = 'raw_template'
    __table_args__ = (
        sa.Index('ix_raw_template_stack', 'stack_id'),
    )

    id = sa.Column(sa.Integer, primary_key=True, autoincrement=True)
    # The stack it was stored for (no foreign key: it is stored first).
    stack_id = sa.Column(sa.String(36), nullable=True)
    template = sa.Column(Json, nullable=False)
    files = sa.Column(Json, nullable=False, default=dict)
    environment = sa.Column(Json, nullable=False, default=dict)
    parameters = sa.Column(Json, nullable=False, default=dict)
    created_at = sa.Column(DateTime, nullable=False, default=timeutils.utcnow)


class Stack(TimestampMixin, Base):
    __tablename__ = 'stack'
    __table_args__ = (
        sa.Index('ix_stack_tenant_name', 'tenant', 'name'),
        sa.Index('ix_stack_owner_id', 'owner_id'),
        sa.Index('ix_stack_status', 'status'),
        sa.UniqueConstraint('tenant', 'live_name', name='uniq_stack_tenant_live_name'),
    )

    id = sa.Column(sa.String(36), primary_key=True, default=new_uuid)
    name = sa.Column(sa.String(255), nullable=False)
    tenant = sa.Column(sa.String(64), nullable=False)
    username = sa.Column(sa.String(255), nullable=True)
    action = sa.Column(sa.String(16), nullable=False)
    status = sa.Column(sa.String(16), nullable=False)
    status_reason = sa.Column(sa.Text, nullable=True)
    # The traversal that is allowed to act; every step compares against it.
    current_traversal = sa.Column(sa.String(36), nullable=True)
    traversal_started_at = sa.Column(DateTime, nullable=True)
    # The template the stack is converging to, and the last one it fully
    # reached (the rollback target).
    raw_template_id = sa.Column(sa.Integer, sa.ForeignKey('raw_template.id'),
                                nullable=True)
    prev_raw_template_id = sa.Column(sa.Integer, sa.ForeignKey('raw_template.id'),
                                     nullable=True)
    timeout = sa.Column(sa.Integer, nullable=True)
    disable_rollback = sa.Column(sa.Boolean, nullable=False, default=True)
    auto_heal = sa.Column(sa.Boolean, nullable=False, default=False)
    # The running traversal compares each resource with reality (stack check,
    # update --converge) instead of with what was last stored.
    observe_reality = sa.Column(sa.Boolean, nullable=False, default=False)
    tags = sa.Column(Json, nullable=True)
    owner_id = sa.Column(sa.String(36), sa.ForeignKey('stack.id'), nullable=True)
    parent_resource_name = sa.Column(sa.String(255), nullable=True)
    nested_depth = sa.Column(sa.Integer, nullable=False, default=0)
    deleted_at = sa.Column(DateTime, nullable=True)
    # The name while the stack exists, NULL once deleted: a unique key on it
    # keeps names unique among live stacks (NULLs never collide).
    live_name = sa.Column(sa.String(255), nullable=True)
    # The Keystone trust its owner delegated to heat-conv at create (a root
    # stack created with Keystone auth; child stacks use their root's).
    trust_id = sa.Column(sa.String(64), nullable=True)
    # Its project in the stack user domain, made for the first server whose
    # agent needs a user (heat_conv.clients.stack_users).
    stack_user_project_id = sa.Column(sa.String(64), nullable=True)


class Resource(TimestampMixin, Base):
    """One physical incarnation of a logical resource.

    A logical resource (a name in the template) may have several rows over
    time: a replacement is a new row that ``replaces`` the old one until the
    old one is cleaned up.
    """
    __tablename__ = 'resource'
    __table_args__ = (
        sa.Index('ix_resource_stack_name', 'stack_id', 'name'),
        sa.Index('ix_resource_status', 'status'),
        sa.Index('ix_resource_engine', 'engine_id'),
        sa.Index('ix_resource_wait_until', 'wait_until'),
        # An adopt's look for another stack owning the object.
        sa.Index('ix_resource_physical_id', 'physical_resource_id'),
    )

    id = sa.Column(sa.Integer, primary_key=True, autoincrement=True)
    uuid = sa.Column(sa.String(36), nullable=False, unique=True, default=new_uuid)
    stack_id = sa.Column(sa.String(36), sa.ForeignKey('stack.id'), nullable=False)
    name = sa.Column(sa.String(255), nullable=False)
    type = sa.Column(sa.String(255), nullable=False)
    # For a template resource: the nested template file or URL its type
    # maps to (the type may be a built-in name mapped to a file).
    nested_template = sa.Column(sa.Text, nullable=True)
    action = sa.Column(sa.String(16), nullable=False, default=Action.INIT)
    status = sa.Column(sa.String(16), nullable=False, default=Status.COMPLETE)
    status_reason = sa.Column(sa.Text, nullable=True)
    physical_resource_id = sa.Column(sa.String(255), nullable=True)
    properties_data = sa.Column(Json, nullable=True)
    attributes_data = sa.Column(Json, nullable=True)
    rsrc_metadata = sa.Column(Json, nullable=True)
    # The plugin's own data, kept between actions (Heat's resource data).
    rsrc_data = sa.Column(Json, nullable=True)
    deletion_policy = sa.Column(sa.String(16), nullable=False, default='Delete')
    # Row ids this row was built against: the cleanup order of later updates.
    requires = sa.Column(Json, nullable=False, default=list)
    replaces = sa.Column(sa.Integer, nullable=True)
    replaced_by = sa.Column(sa.Integer, nullable=True)
    # The raw template this row was last converged to.
    template_id = sa.Column(sa.Integer, sa.ForeignKey('raw_template.id'), nullable=True)
    # Lock: the engine acting on the row; atomic_key is bumped by every
    # compare-and-swap so a stale writer's update matches no row.
    engine_id = sa.Column(sa.String(36), nullable=True)
    atomic_key = sa.Column(sa.Integer, nullable=False, default=0)
    # The step that owns the action in progress: traversal and graph node.
    # Lets any worker resume it when the observer reports completion.
    traversal_id = sa.Column(sa.String(36), nullable=True)
    node_id = sa.Column(sa.Integer, nullable=True)
    node_is_update = sa.Column(sa.Boolean, nullable=True)
    action_started_at = sa.Column(DateTime, nullable=True)
    drift_status = sa.Column(sa.String(16), nullable=False, default=Drift.NOT_CHECKED)
    drift_detail = sa.Column(Json, nullable=True)
    drift_checked_at = sa.Column(DateTime, nullable=True)
    # A breakpoint: the hook (pre-create, ...) the row's step is paused on,
    # and the last one cleared, as "HOOK TRAVERSAL" (cleared for that one).
    paused_on = sa.Column(sa.String(16), nullable=True)
    hook_cleared = sa.Column(sa.String(64), nullable=True)
    # A wait on signals (a wait condition) fails when this passes.
    wait_until = sa.Column(DateTime, nullable=True)
    # When the cloud settled the object the last action waited on, as the
    # cloud says (the simulated cloud does): with updated_at, the latency
    # from the settle to the row's end (heat-conv-bench's settle figure).
    settled_at = sa.Column(DateTime, nullable=True)


class ResourceSignal(Base):
    """A signal sent to a resource by name, kept until the stack goes: it
    may arrive before its resource exists or waits, and a wait condition
    counts every signal its handle got."""
    __tablename__ = 'resource_signal'
    __table_args__ = (
        sa.Index('ix_resource_signal_stack_name', 'stack_id', 'resource_name'),
    )

    id = sa.Column(sa.Integer, primary_key=True, autoincrement=True)
    stack_id = sa.Column(sa.String(36), nullable=False)
    resource_name = sa.Column(sa.String(255), nullable=False)
    data = sa.Column(Json, nullable=True)
    created_at = sa.Column(DateTime, nullable=False, default=timeutils.utcnow)


class SoftwareConfig(Base):
    """A software config (Heat's): immutable once made."""
    __tablename__ = 'software_config'
    __table_args__ = (sa.Index('ix_software_config_tenant', 'tenant'),)

    id = sa.Column(sa.String(36), primary_key=True, default=new_uuid)
    tenant = sa.Column(sa.String(64), nullable=False)
    name = sa.Column(sa.String(255), nullable=True)
    group = sa.Column(sa.String(255), nullable=True)
    # {config, inputs, outputs, options}
    config = sa.Column(Json, nullable=True)
    created_at = sa.Column(DateTime, nullable=False, default=timeutils.utcnow)


class SoftwareDeployment(TimestampMixin, Base):
    """A config deployed to a server, and how it went (what the server says)."""
    __tablename__ = 'software_deployment'
    __table_args__ = (
        sa.Index('ix_software_deployment_tenant_server', 'tenant', 'server_id'),
    )

    id = sa.Column(sa.String(36), primary_key=True, default=new_uuid)
    tenant = sa.Column(sa.String(64), nullable=False)
    config_id = sa.Column(sa.String(36), nullable=False)
    server_id = sa.Column(sa.String(255), nullable=False)
    input_values = sa.Column(Json, nullable=True)
    output_values = sa.Column(Json, nullable=True)
    action = sa.Column(sa.String(255), nullable=True)
    status = sa.Column(sa.String(255), nullable=True)
    status_reason = sa.Column(sa.Text, nullable=True)


class GraphEdge(Base):
    """One edge of a traversal graph, as releases before 0007 stored them
    (``requirer`` waits for ``required``; a NULL requirer is the stack's
    completion). Nothing writes them now: each sync point keeps its node's
    outgoing edges. Read only for a traversal such a release started; the
    table goes in a later release.
    """
    __tablename__ = 'graph_edge'
    __table_args__ = (
        sa.Index('ix_graph_edge_required', 'traversal_id', 'required_id',
                 'required_is_update'),
        sa.Index('ix_graph_edge_stack', 'stack_id'),
    )

    id = sa.Column(sa.Integer, primary_key=True, autoincrement=True)
    stack_id = sa.Column(sa.String(36), nullable=False)
    traversal_id = sa.Column(sa.String(36), nullable=False)
    required_id = sa.Column(sa.Integer, nullable=False)
    required_is_update = sa.Column(sa.Boolean, nullable=False)
    requirer_id = sa.Column(sa.Integer, nullable=True)
    requirer_is_update = sa.Column(sa.Boolean, nullable=True)
    # Attribute names the requirer needs from the required resource.
    attrs = sa.Column(Json, nullable=False, default=list)


class SyncPoint(Base):
    """A node of a traversal: how many predecessors it still waits for.

    ``entity_id`` 0 with ``is_update`` true is the stack completion node.
    Arrivals are rows in SyncInput; the counter is decremented atomically so
    exactly one arrival sees it reach zero.
    """
    __tablename__ = 'sync_point'
    __table_args__ = (
        sa.UniqueConstraint('traversal_id', 'entity_id', 'is_update',
                            name='uniq_sync_point_node'),
        sa.Index('ix_sync_point_stack', 'stack_id'),
    )

    id = sa.Column(sa.Integer, primary_key=True, autoincrement=True)
    stack_id = sa.Column(sa.String(36), nullable=False)
    traversal_id = sa.Column(sa.String(36), nullable=False)
    entity_id = sa.Column(sa.Integer, nullable=False)
    is_update = sa.Column(sa.Boolean, nullable=False)
    predecessors = sa.Column(sa.Integer, nullable=False)
    remaining = sa.Column(sa.Integer, nullable=False)
    # Set by a predecessor that needs the node to act (a resource replaced
    # in this traversal marks its cleanup node): unmarked cleanup nodes of
    # kept rows are passed through without a message.
    must_act = sa.Column(sa.Boolean, nullable=False, default=False)
    # A cleanup node's own row's update node has arrived: that one arrival
    # is recorded here rather than as a SyncInput, one statement cheaper.
    update_arrived = sa.Column(sa.Boolean, nullable=False, default=False)
    # The node's frozen resource definition, so a worker never parses the
    # whole template to act on one resource.
    definition = sa.Column(Json, nullable=True)
    # The node's outgoing edges, each [successor's sync point id, its entity
    # id (None: the stack's completion), its is_update, its predecessors,
    # the attribute names it needs from this node, its mode (cleanup nodes
    # only)]: what a finished node tells, read with the node's own row.
    successors = sa.Column(Json, nullable=True)
    created_at = sa.Column(DateTime, nullable=False, default=timeutils.utcnow)


class SyncInput(Base):
    """One predecessor's arrival at a sync point, with the data it sends."""
    __tablename__ = 'sync_input'
    __table_args__ = (
        sa.UniqueConstraint('sync_point_id', 'sender_id', 'sender_is_update',
                            name='uniq_sync_input_sender'),
        sa.Index('ix_sync_input_stack', 'stack_id'),
    )

    id = sa.Column(sa.Integer, primary_key=True, autoincrement=True)
    sync_point_id = sa.Column(sa.Integer, nullable=False)
    stack_id = sa.Column(sa.String(36), nullable=False)
    sender_id = sa.Column(sa.Integer, nullable=False)
    sender_is_update = sa.Column(sa.Boolean, nullable=False)
    data = sa.Column(Json, nullable=True)


class Event(Base):
    __tablename__ = 'event'
    __table_args__ = (
        sa.Index('ix_event_stack', 'stack_id', 'id'),
    )

    id = sa.Column(sa.Integer, primary_key=True, autoincrement=True)
    uuid = sa.Column(sa.String(36), nullable=False, unique=True, default=new_uuid)
    stack_id = sa.Column(sa.String(36), nullable=False)
    resource_name = sa.Column(sa.String(255), nullable=False)
    physical_resource_id = sa.Column(sa.String(255), nullable=True)
    resource_type = sa.Column(sa.String(255), nullable=True)
    resource_action = sa.Column(sa.String(16), nullable=False)
    resource_status = sa.Column(sa.String(16), nullable=False)
    resource_status_reason = sa.Column(sa.Text, nullable=True)
    resource_properties = sa.Column(Json, nullable=True)
    # The request that caused it (heat-conv's own; Heat's events lack them).
    request_id = sa.Column(sa.String(255), nullable=True)
    user_id = sa.Column(sa.String(255), nullable=True)
    created_at = sa.Column(DateTime, nullable=False, default=timeutils.utcnow)


class Service(Base):
    """A running engine/observer process and its heartbeat."""
    __tablename__ = 'service'

    id = sa.Column(sa.String(36), primary_key=True)
    host = sa.Column(sa.String(255), nullable=False)
    binary = sa.Column(sa.String(255), nullable=False)
    topic = sa.Column(sa.String(255), nullable=True)
    report_interval = sa.Column(sa.Integer, nullable=False)
    created_at = sa.Column(DateTime, nullable=False, default=timeutils.utcnow)
    updated_at = sa.Column(DateTime, nullable=True)
    deleted_at = sa.Column(DateTime, nullable=True)
    # The database server's ids of the process's sessions, as of its last
    # heartbeat: ended when it is taken for dead (fencing).
    db_sessions = sa.Column(Json, nullable=True)
    # The engine RPC version the process speaks; NULL: a release that did
    # not report it (rolling upgrades, rpc_versions).
    rpc_version = sa.Column(sa.String(16), nullable=True)


class ObserverLease(Base):
    """Which observer process watches a stack, until when.

    Leases spread stacks over observer processes without double work; a
    dead observer's leases expire and are taken over.
    """
    __tablename__ = 'observer_lease'
    __table_args__ = (
        sa.Index('ix_observer_lease_observer', 'observer_id'),
    )

    stack_id = sa.Column(sa.String(36), primary_key=True)
    observer_id = sa.Column(sa.String(36), nullable=False)
    expires_at = sa.Column(DateTime, nullable=False)


class Snapshot(TimestampMixin, Base):
    """A stack snapshot: its abandon document (template, environment, files
    and each resource's data), which a restore converges the stack back to."""
    __tablename__ = 'snapshot'
    __table_args__ = (
        sa.Index('ix_snapshot_stack', 'stack_id'),
    )

    id = sa.Column(sa.String(36), primary_key=True, default=new_uuid)
    stack_id = sa.Column(sa.String(36), nullable=False)
    tenant = sa.Column(sa.String(64), nullable=False)
    name = sa.Column(sa.String(255), nullable=True)
    action = sa.Column(sa.String(16), nullable=False)
    status = sa.Column(sa.String(16), nullable=False)
    status_reason = sa.Column(sa.Text, nullable=True)
    data = sa.Column(Json, nullable=True)
