"""An index on resources by their object's id: an adopt looks, for each
object it would take over, for a live row of another stack that records
it (adopt ownership), and that look must cost what it finds, not what
the database holds.

Revision ID: 0009_resource_physical_id
Revises: 0008_stack_trust
Create Date: 2026-11-28
"""
from alembic import op

revision = '0009_resource_physical_id'
down_revision = '0008_stack_trust'
branch_labels = None
depends_on = None


def upgrade():
    op.create_index('ix_resource_physical_id', 'resource', ['physical_resource_id'])
