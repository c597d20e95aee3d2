"""Signals sent to resources, kept until their resource applies them, and
the columns a resource waiting on something outside the engine needs: the
hook it is paused on, the hook last cleared, and when its wait times out.
Software configs and deployments, as Heat keeps them.

Revision ID: 0006_signals_resource_signal
Revises: 0006_composition_nested_template
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import mysql

revision = '0006_signals_resource_signal'
down_revision = '0006_composition_nested_template'
branch_labels = None
depends_on = None

DateTime = sa.DateTime().with_variant(mysql.DATETIME(fsp=6), 'mysql', 'mariadb')
Json = sa.JSON().with_variant(mysql.JSON(), 'mysql', 'mariadb')


def upgrade():
    op.create_table(
        'resource_signal',
        sa.Column('id', sa.Integer, primary_key=True, autoincrement=True),
        sa.Column('stack_id', sa.String(36), nullable=False),
        sa.Column('resource_name', sa.String(255), nullable=False),
        sa.Column('data', Json, nullable=True),
        sa.Column('created_at', DateTime, nullable=False),
    )
    op.create_index('ix_resource_signal_stack_name', 'resource_signal',
                    ['stack_id', 'resource_name'])
    with op.batch_alter_table('resource') as batch:
        batch.add_column(sa.Column('paused_on', sa.String(16), nullable=True))
        batch.add_column(sa.Column('hook_cleared', sa.String(64), nullable=True))
        batch.add_column(sa.Column('wait_until', DateTime, nullable=True))
    op.create_index('ix_resource_wait_until', 'resource', ['wait_until'])
    op.create_table(
        'software_config',
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('tenant', sa.String(64), nullable=False),
        sa.Column('name', sa.String(255), nullable=True),
        sa.Column('group', sa.String(255), nullable=True),
        sa.Column('config', Json, nullable=True),
        sa.Column('created_at', DateTime, nullable=False),
    )
    op.create_index('ix_software_config_tenant', 'software_config', ['tenant'])
    op.create_table(
        'software_deployment',
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('tenant', sa.String(64), nullable=False),
        sa.Column('config_id', sa.String(36), nullable=False),
        sa.Column('server_id', sa.String(255), nullable=False),
        sa.Column('input_values', Json, nullable=True),
        sa.Column('output_values', Json, nullable=True),
        sa.Column('action', sa.String(255), nullable=True),
        sa.Column('status', sa.String(255), nullable=True),
        sa.Column('status_reason', sa.Text, nullable=True),
        sa.Column('created_at', DateTime, nullable=False),
        sa.Column('updated_at', DateTime, nullable=True),
    )
    op.create_index('ix_software_deployment_tenant_server', 'software_deployment',
                    ['tenant', 'server_id'])
