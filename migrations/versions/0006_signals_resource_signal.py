"""Signals sent to resources, kept until their resource applies them, and
the columns a resource waiting on something outside the engine needs: the
hook it is paused on, the hook last cleared, and when its wait times out.

Revision ID: 0006_signals_resource_signal
Revises: 0005_raw_template_stack
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import mysql

revision = '0006_signals_resource_signal'
down_revision = '0005_raw_template_stack'
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
