"""Observer leases (which observer process watches which stack), the
stack flag for traversals that compare with reality, and unique names
among live stacks.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import mysql

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None

DateTime = sa.DateTime().with_variant(mysql.DATETIME(fsp=6), 'mysql', 'mariadb')


def upgrade():
    op.create_table(
        'observer_lease',
        sa.Column('stack_id', sa.String(36), primary_key=True),
        sa.Column('observer_id', sa.String(36), nullable=False),
        sa.Column('expires_at', DateTime, nullable=False),
        mysql_engine='InnoDB', mysql_charset='utf8mb4')
    op.create_index('ix_observer_lease_observer', 'observer_lease', ['observer_id'])
    with op.batch_alter_table('stack') as batch:
        batch.add_column(sa.Column('observe_reality', sa.Boolean, nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column('live_name', sa.String(255), nullable=True))
    op.execute("UPDATE stack SET live_name = name WHERE deleted_at IS NULL")
    with op.batch_alter_table('stack') as batch:
        batch.create_unique_constraint('uniq_stack_tenant_live_name',
                                       ['tenant', 'live_name'])
