"""Migrations only expand the schema, so "db sync" runs while the previous
release's processes keep working (doc/operations.md, "Upgrades")."""
import ast
import pathlib

import pytest

VERSIONS = pathlib.Path(__file__).resolve().parents[3] / 'migrations' / 'versions'
# What breaks code that still reads the old schema. Dropping an index does not.
CONTRACTING = {'drop_table', 'drop_column', 'rename_table', 'alter_column',
               'drop_constraint'}


def contracting_calls(source):
    """Names of the schema-contracting operations upgrade() calls."""
    tree = ast.parse(source)
    upgrade = next(node for node in tree.body
                   if isinstance(node, ast.FunctionDef) and node.name == 'upgrade')
    return sorted(node.func.attr for node in ast.walk(upgrade)
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr in CONTRACTING)


@pytest.mark.parametrize('path', sorted(VERSIONS.glob('*.py')), ids=lambda p: p.name)
def test_migration_only_adds(path):
    assert contracting_calls(path.read_text()) == [], (
        f'{path.name} drops or changes what the running release uses; split it: add '
        'now, remove in a later release once no code reads it')


def test_the_check_sees_batch_operations():
    source = ('def upgrade():\n'
              '    with op.batch_alter_table("stack") as batch:\n'
              '        batch.drop_column("name")\n'
              '    op.alter_column("stack", "x", new_column_name="y")\n')
    assert contracting_calls(source) == ['alter_column', 'drop_column']
