"""A resource row remembers the nested template file its type maps to, so
that any worker can tell, from the row alone, that the resource is a
template resource backed by a child stack (its type name may be a built-in
one mapped to a file).

Revision ID: 0006_composition_nested_template
Revises: 0005_raw_template_stack
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa

revision = '0006_composition_nested_template'
down_revision = '0005_raw_template_stack'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('resource') as batch:
        batch.add_column(sa.Column('nested_template', sa.Text, nullable=True))
