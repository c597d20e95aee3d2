"""A stack keeps the id of its project in the stack user domain
(``stack_user_project_id``, as Heat's stacks do): the project of the users
heat-conv makes for its servers' agents, whose tokens read the stack's
metadata. It is deleted with the stack.

Stacks created before have none: none of their servers has a user.

Revision ID: 0011_stack_user_project
Revises: 0010_service_db_sessions
Create Date: 2026-11-27
"""
from alembic import op
import sqlalchemy as sa

revision = '0011_stack_user_project'
down_revision = '0010_service_db_sessions'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('stack') as batch:
        batch.add_column(sa.Column('stack_user_project_id', sa.String(64),
                                   nullable=True))
