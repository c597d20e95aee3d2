"""doc/architecture.md stays true: what its tables name exists."""
import importlib
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / 'doc' / 'architecture.md'
_CODE = re.compile(r'`([^`]+)`')


def _table_rows():
    for line in DOC.read_text().splitlines():
        if line.startswith('|') and not set(line) <= set('|- '):
            yield [cell.strip() for cell in line.strip().strip('|').split('|')]


def _named(cell):
    match = _CODE.fullmatch(cell)
    return match.group(1) if match else None


def _file_and_function_pairs():
    pairs = []
    for cells in _table_rows():
        for left, right in zip(cells, cells[1:]):
            path, function = _named(left), _named(right)
            if path and path.endswith('.py') and function and re.fullmatch(
                    r'[A-Za-z_][\w.]*', function):
                pairs.append((path, function))
    return pairs


def _module(path):
    return importlib.import_module(path[:-len('.py')].replace('/', '.'))


def test_the_doc_names_functions():
    assert len(_file_and_function_pairs()) > 30


@pytest.mark.parametrize('path, function', _file_and_function_pairs())
def test_named_function_exists(path, function):
    assert (ROOT / path).exists(), f'{path} does not exist'
    target = _module(path)
    for part in function.split('.'):
        assert hasattr(target, part), f'{path} has no {function}'
        target = getattr(target, part)
    assert callable(target) or isinstance(target, type)


def test_every_file_named_exists():
    named = {path for path in _CODE.findall(DOC.read_text())
             if path.startswith('heat_conv/') and path.endswith('.py')}
    assert named
    assert [p for p in sorted(named) if not (ROOT / p).exists()] == []


def test_the_module_map_lists_every_engine_module():
    listed = {path for path in _CODE.findall(DOC.read_text())
              if path.startswith('heat_conv/engine/')}
    present = {f'heat_conv/engine/{p.name}' for p in (ROOT / 'heat_conv/engine').glob('*.py')
               if p.name != '__init__.py'}
    assert present - listed == set(), 'engine modules missing from the module map'
