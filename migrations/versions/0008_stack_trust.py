"""A stack keeps the id of the Keystone trust its owner delegated to
heat-conv (``trust_id``): engines and observers act through it.

Stacks created before have none, as stacks created without Keystone.

Revision ID: 0008_stack_trust
Revises: 0007_sync_point_successors
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa

revision = '0008_stack_trust'
down_revision = '0007_sync_point_successors'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('stack') as batch:
        batch.add_column(sa.Column('trust_id', sa.String(64), nullable=True))
