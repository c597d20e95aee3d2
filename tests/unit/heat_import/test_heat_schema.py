"""The import's declarations of Heat's tables (heat_schema), which the
fixture database is built from, against Heat 27's real schema: the dump
of a database ``heat-manage db_sync`` of openstack-heat 27.0.1 made
(heat27_schema.sql, ``mysqldump --no-data``)."""
import re

from heat_conv.heat_import import heat_schema
from tests.unit.heat_import import heat_fixture

DUMP = heat_fixture.SCHEMA_DUMP


def _tables():
    tables, current = {}, None
    for line in DUMP.read_text().splitlines():
        started = re.match(r'CREATE TABLE `(\w+)`', line)
        if started:
            current = tables.setdefault(started.group(1), {})
            continue
        column = re.match(r'\s+`(\w+)` (\w+)', line)
        if current is not None and column:
            current[column.group(1)] = column.group(2).lower()
        elif line.startswith(')'):
            current = None
    return tables


def test_every_column_read_is_one_of_heat_27s():
    real = _tables()
    for table in heat_schema.METADATA.tables.values():
        assert table.name in real, table.name
        missing = {c.name for c in table.columns} - set(real[table.name])
        assert not missing, f'{table.name}: Heat 27 has no {sorted(missing)}'


def test_json_documents_are_text_in_heat_27():
    real = _tables()
    for table, column in [('raw_template', 'template'), ('raw_template', 'environment'),
                          ('raw_template_files', 'files'), ('resource', 'requires'),
                          ('resource_properties_data', 'data')]:
        assert real[table][column] in ('text', 'longtext', 'mediumtext'), (table, column)
