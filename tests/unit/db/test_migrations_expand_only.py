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


def columns_old_code_cannot_fill(source):
    """Columns an ``add_column`` adds NOT NULL without a server default:
    the previous release's INSERTs, which do not name them, would fail."""
    tree = ast.parse(source)
    upgrade = next(node for node in tree.body
                   if isinstance(node, ast.FunctionDef) and node.name == 'upgrade')
    found = []
    for node in ast.walk(upgrade):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == 'add_column'):
            continue
        column = node.args[-1]
        keywords = {k.arg: k.value for k in column.keywords}
        nullable = keywords.get('nullable')
        if (isinstance(nullable, ast.Constant) and nullable.value is False
                and 'server_default' not in keywords):
            found.append(column.args[0].value)
    return found


@pytest.mark.parametrize('path', sorted(VERSIONS.glob('*.py')), ids=lambda p: p.name)
def test_an_added_column_can_be_left_out_by_old_code(path):
    assert columns_old_code_cannot_fill(path.read_text()) == [], (
        f'{path.name} adds a NOT NULL column without a server default: the previous '
        'release, still running during "db sync", cannot insert rows')


def test_the_check_sees_a_column_old_code_cannot_fill():
    source = ('def upgrade():\n'
              '    with op.batch_alter_table("stack") as batch:\n'
              '        batch.add_column(sa.Column("a", sa.Integer, nullable=False))\n'
              '        batch.add_column(sa.Column("b", sa.Integer, nullable=False,\n'
              '                                   server_default="0"))\n'
              '        batch.add_column(sa.Column("c", sa.Integer, nullable=True))\n')
    assert columns_old_code_cannot_fill(source) == ['a']
