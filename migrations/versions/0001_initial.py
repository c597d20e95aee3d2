"""Initial schema: stacks, templates, resources, traversal graph, sync points,
events, services.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import mysql

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None

DateTime = sa.DateTime().with_variant(mysql.DATETIME(fsp=6), 'mysql', 'mariadb')
Json = sa.JSON().with_variant(mysql.JSON(), 'mysql', 'mariadb')


def upgrade():
    op.create_table(
        'raw_template',
        sa.Column('id', sa.Integer, primary_key=True, autoincrement=True),
        sa.Column('template', Json, nullable=False),
        sa.Column('files', Json, nullable=False),
        sa.Column('environment', Json, nullable=False),
        sa.Column('parameters', Json, nullable=False),
        sa.Column('created_at', DateTime, nullable=False),
        mysql_engine='InnoDB', mysql_charset='utf8mb4')

    op.create_table(
        'stack',
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('name', sa.String(255), nullable=False),
        sa.Column('tenant', sa.String(64), nullable=False),
        sa.Column('username', sa.String(255), nullable=True),
        sa.Column('action', sa.String(16), nullable=False),
        sa.Column('status', sa.String(16), nullable=False),
        sa.Column('status_reason', sa.Text, nullable=True),
        sa.Column('current_traversal', sa.String(36), nullable=True),
        sa.Column('traversal_started_at', DateTime, nullable=True),
        sa.Column('raw_template_id', sa.Integer, sa.ForeignKey('raw_template.id'),
                  nullable=True),
        sa.Column('prev_raw_template_id', sa.Integer,
                  sa.ForeignKey('raw_template.id'), nullable=True),
        sa.Column('timeout', sa.Integer, nullable=True),
        sa.Column('disable_rollback', sa.Boolean, nullable=False),
        sa.Column('auto_heal', sa.Boolean, nullable=False),
        sa.Column('tags', Json, nullable=True),
        sa.Column('owner_id', sa.String(36), sa.ForeignKey('stack.id'), nullable=True),
        sa.Column('parent_resource_name', sa.String(255), nullable=True),
        sa.Column('nested_depth', sa.Integer, nullable=False),
        sa.Column('deleted_at', DateTime, nullable=True),
        sa.Column('created_at', DateTime, nullable=False),
        sa.Column('updated_at', DateTime, nullable=True),
        mysql_engine='InnoDB', mysql_charset='utf8mb4')
    op.create_index('ix_stack_tenant_name', 'stack', ['tenant', 'name'])
    op.create_index('ix_stack_owner_id', 'stack', ['owner_id'])

    op.create_table(
        'resource',
        sa.Column('id', sa.Integer, primary_key=True, autoincrement=True),
        sa.Column('uuid', sa.String(36), nullable=False, unique=True),
        sa.Column('stack_id', sa.String(36), sa.ForeignKey('stack.id'), nullable=False),
        sa.Column('name', sa.String(255), nullable=False),
        sa.Column('type', sa.String(255), nullable=False),
        sa.Column('action', sa.String(16), nullable=False),
        sa.Column('status', sa.String(16), nullable=False),
        sa.Column('status_reason', sa.Text, nullable=True),
        sa.Column('physical_resource_id', sa.String(255), nullable=True),
        sa.Column('properties_data', Json, nullable=True),
        sa.Column('attributes_data', Json, nullable=True),
        sa.Column('rsrc_metadata', Json, nullable=True),
        sa.Column('deletion_policy', sa.String(16), nullable=False),
        sa.Column('requires', Json, nullable=False),
        sa.Column('replaces', sa.Integer, nullable=True),
        sa.Column('replaced_by', sa.Integer, nullable=True),
        sa.Column('template_id', sa.Integer, sa.ForeignKey('raw_template.id'),
                  nullable=True),
        sa.Column('engine_id', sa.String(36), nullable=True),
        sa.Column('atomic_key', sa.Integer, nullable=False),
        sa.Column('traversal_id', sa.String(36), nullable=True),
        sa.Column('node_id', sa.Integer, nullable=True),
        sa.Column('node_is_update', sa.Boolean, nullable=True),
        sa.Column('action_started_at', DateTime, nullable=True),
        sa.Column('drift_status', sa.String(16), nullable=False),
        sa.Column('drift_detail', Json, nullable=True),
        sa.Column('drift_checked_at', DateTime, nullable=True),
        sa.Column('created_at', DateTime, nullable=False),
        sa.Column('updated_at', DateTime, nullable=True),
        mysql_engine='InnoDB', mysql_charset='utf8mb4')
    op.create_index('ix_resource_stack_name', 'resource', ['stack_id', 'name'])
    op.create_index('ix_resource_status', 'resource', ['status'])

    op.create_table(
        'graph_edge',
        sa.Column('id', sa.Integer, primary_key=True, autoincrement=True),
        sa.Column('stack_id', sa.String(36), nullable=False),
        sa.Column('traversal_id', sa.String(36), nullable=False),
        sa.Column('required_id', sa.Integer, nullable=False),
        sa.Column('required_is_update', sa.Boolean, nullable=False),
        sa.Column('requirer_id', sa.Integer, nullable=True),
        sa.Column('requirer_is_update', sa.Boolean, nullable=True),
        sa.Column('attrs', Json, nullable=False),
        mysql_engine='InnoDB', mysql_charset='utf8mb4')
    op.create_index('ix_graph_edge_required', 'graph_edge',
                    ['traversal_id', 'required_id', 'required_is_update'])
    op.create_index('ix_graph_edge_stack', 'graph_edge', ['stack_id'])

    op.create_table(
        'sync_point',
        sa.Column('id', sa.Integer, primary_key=True, autoincrement=True),
        sa.Column('stack_id', sa.String(36), nullable=False),
        sa.Column('traversal_id', sa.String(36), nullable=False),
        sa.Column('entity_id', sa.Integer, nullable=False),
        sa.Column('is_update', sa.Boolean, nullable=False),
        sa.Column('predecessors', sa.Integer, nullable=False),
        sa.Column('remaining', sa.Integer, nullable=False),
        sa.Column('must_act', sa.Boolean, nullable=False),
        sa.Column('update_arrived', sa.Boolean, nullable=False),
        sa.Column('definition', Json, nullable=True),
        sa.Column('created_at', DateTime, nullable=False),
        sa.UniqueConstraint('traversal_id', 'entity_id', 'is_update',
                            name='uniq_sync_point_node'),
        mysql_engine='InnoDB', mysql_charset='utf8mb4')
    op.create_index('ix_sync_point_stack', 'sync_point', ['stack_id'])

    op.create_table(
        'sync_input',
        sa.Column('id', sa.Integer, primary_key=True, autoincrement=True),
        sa.Column('sync_point_id', sa.Integer, nullable=False),
        sa.Column('stack_id', sa.String(36), nullable=False),
        sa.Column('sender_id', sa.Integer, nullable=False),
        sa.Column('sender_is_update', sa.Boolean, nullable=False),
        sa.Column('data', Json, nullable=True),
        sa.UniqueConstraint('sync_point_id', 'sender_id', 'sender_is_update',
                            name='uniq_sync_input_sender'),
        mysql_engine='InnoDB', mysql_charset='utf8mb4')
    op.create_index('ix_sync_input_stack', 'sync_input', ['stack_id'])

    op.create_table(
        'event',
        sa.Column('id', sa.Integer, primary_key=True, autoincrement=True),
        sa.Column('uuid', sa.String(36), nullable=False, unique=True),
        sa.Column('stack_id', sa.String(36), nullable=False),
        sa.Column('resource_name', sa.String(255), nullable=False),
        sa.Column('physical_resource_id', sa.String(255), nullable=True),
        sa.Column('resource_type', sa.String(255), nullable=True),
        sa.Column('resource_action', sa.String(16), nullable=False),
        sa.Column('resource_status', sa.String(16), nullable=False),
        sa.Column('resource_status_reason', sa.Text, nullable=True),
        sa.Column('resource_properties', Json, nullable=True),
        sa.Column('created_at', DateTime, nullable=False),
        mysql_engine='InnoDB', mysql_charset='utf8mb4')
    op.create_index('ix_event_stack', 'event', ['stack_id', 'id'])

    op.create_table(
        'service',
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('host', sa.String(255), nullable=False),
        sa.Column('binary', sa.String(255), nullable=False),
        sa.Column('topic', sa.String(255), nullable=True),
        sa.Column('report_interval', sa.Integer, nullable=False),
        sa.Column('created_at', DateTime, nullable=False),
        sa.Column('updated_at', DateTime, nullable=True),
        sa.Column('deleted_at', DateTime, nullable=True),
        mysql_engine='InnoDB', mysql_charset='utf8mb4')
