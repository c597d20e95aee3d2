"""Stack snapshots.

Revision ID: 0006_lifecycle_snapshots
Revises: 0006_signals_resource_signal
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import mysql

revision = '0006_lifecycle_snapshots'
down_revision = '0006_groups_resource_data'
branch_labels = None
depends_on = None

DateTime = sa.DateTime().with_variant(mysql.DATETIME(fsp=6), 'mysql', 'mariadb')
Json = sa.JSON().with_variant(mysql.JSON(), 'mysql', 'mariadb')


def upgrade():
    op.create_table(
        'snapshot',
        sa.Column('id', sa.String(36), primary_key=True),
        sa.Column('stack_id', sa.String(36), nullable=False),
        sa.Column('tenant', sa.String(64), nullable=False),
        sa.Column('name', sa.String(255), nullable=True),
        sa.Column('action', sa.String(16), nullable=False),
        sa.Column('status', sa.String(16), nullable=False),
        sa.Column('status_reason', sa.Text, nullable=True),
        sa.Column('data', Json, nullable=True),
        sa.Column('created_at', DateTime, nullable=False),
        sa.Column('updated_at', DateTime, nullable=True),
    )
    op.create_index('ix_snapshot_stack', 'snapshot', ['stack_id'])
