"""Templates name the stack they were stored for, so that purging a
deleted stack removes every template it had, not only the last two.

Revision ID: 0005_raw_template_stack
Revises: 0004_recovery_indexes
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa

revision = '0005_raw_template_stack'
down_revision = '0004_recovery_indexes'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('raw_template') as batch:
        batch.add_column(sa.Column('stack_id', sa.String(36), nullable=True))
    op.create_index('ix_raw_template_stack', 'raw_template', ['stack_id'])
