"""Indexes the reaper's passes use, so that each pass costs what it finds,
not what the database holds: resources by the engine locking them (the
rows a dead engine left), stacks by status (the stacks in progress).

Revision ID: 0004_recovery_indexes
Revises: 0003_event_request
Create Date: 2026-11-23
"""
from alembic import op

revision = '0004_recovery_indexes'
down_revision = '0003_event_request'
branch_labels = None
depends_on = None


def upgrade():
    op.create_index('ix_resource_engine', 'resource', ['engine_id'])
    op.create_index('ix_stack_status', 'stack', ['status'])
