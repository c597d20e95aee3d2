import pytest

from heat_conv.common import config
from heat_conv.common import exception
from heat_conv.hot import yaml_loader


def test_yaml_mapping_is_loaded():
    assert yaml_loader.load('a: 1\nb: [x, y]\n') == {'a': 1, 'b': ['x', 'y']}


def test_json_object_is_loaded():
    assert yaml_loader.load('{"a": {"b": true}}') == {'a': {'b': True}}


def test_dates_stay_strings():
    data = yaml_loader.load('heat_template_version: 2016-10-14\nwhen: 2020-01-02\n')
    assert data == {'heat_template_version': '2016-10-14', 'when': '2020-01-02'}


def test_bytes_are_decoded():
    assert yaml_loader.load(b'a: b') == {'a': 'b'}


def test_empty_document_is_an_empty_mapping():
    assert yaml_loader.load('') == {}
    assert yaml_loader.load('# only a comment\n') == {}


def test_yaml_syntax_error_names_the_line():
    text = 'a: 1\nb: [1, 2\nc: 3\n'
    with pytest.raises(exception.TemplateSyntaxError) as info:
        yaml_loader.load(text)
    # The unterminated list is noticed where "c:" starts.
    assert info.value.line == 3
    assert '(line 3)' in str(info.value)
    assert 'not valid YAML' in str(info.value)


def test_bad_indentation_names_the_line():
    text = 'resources:\n  a:\n    type: X\n   bad: 1\n'
    with pytest.raises(exception.TemplateSyntaxError) as info:
        yaml_loader.load(text)
    assert info.value.line == 4


def test_json_syntax_error_names_the_line():
    text = '{\n  "a": 1,\n  "b": \n}'
    with pytest.raises(exception.TemplateSyntaxError) as info:
        yaml_loader.load(text)
    assert info.value.line == 4
    assert 'not valid JSON' in str(info.value)


@pytest.mark.parametrize('text, kind', [('- a\n- b\n', 'list'), ('just text', 'str'),
                                        ('42', 'int')])
def test_non_mapping_top_level_is_rejected(text, kind):
    with pytest.raises(exception.TemplateSyntaxError) as info:
        yaml_loader.load(text)
    assert 'must be a JSON object or YAML mapping' in str(info.value)
    assert kind in str(info.value)


def test_non_text_input_is_rejected():
    with pytest.raises(exception.TemplateSyntaxError):
        yaml_loader.load(42)


def test_invalid_utf8_is_rejected():
    with pytest.raises(exception.TemplateSyntaxError) as info:
        yaml_loader.load(b'a: \xff\xfe')
    assert 'UTF-8' in str(info.value)


def test_error_class_and_wording_can_be_chosen():
    with pytest.raises(exception.InvalidEnvironment) as info:
        yaml_loader.load('[1, 2]', exception.InvalidEnvironment, 'environment')
    assert 'The environment must be' in str(info.value)


def test_unsafe_tags_are_refused():
    with pytest.raises(exception.TemplateSyntaxError):
        yaml_loader.load('a: !!python/object/apply:os.system ["true"]')


def test_require_mapping():
    assert yaml_loader.require_mapping(None) == {}
    assert yaml_loader.require_mapping({'a': 1}) == {'a': 1}
    with pytest.raises(exception.TemplateSyntaxError):
        yaml_loader.require_mapping([])


@pytest.mark.parametrize('text', [
    'a: ' + '[' * 100000 + ']' * 100000,
    '{"a": ' + '[' * 100000 + ']' * 100000 + '}',
])
def test_pathologically_deep_documents_are_refused_without_crashing(text):
    with pytest.raises(exception.TemplateSyntaxError) as info:
        yaml_loader.load(text)
    assert 'nested too deeply' in str(info.value)


def test_brackets_inside_strings_rarely_matter():
    assert yaml_loader.load('pattern: "[a-z]+[0-9]{2}"\nx: "]]]"') == {
        'pattern': '[a-z]+[0-9]{2}', 'x': ']]]'}


def test_recursion_errors_become_syntax_errors(monkeypatch):
    def deep(*args, **kwargs):
        raise RecursionError()

    monkeypatch.setattr(yaml_loader.json, 'loads', deep)
    monkeypatch.setattr(yaml_loader, '_load_yaml', deep)
    for text in ('{"a": 1}', 'a: 1'):
        with pytest.raises(exception.TemplateSyntaxError, match='nested too deeply'):
            yaml_loader.load(text)


def _nested_aliases(levels, width, item='"lol"'):
    lines = ['x0: &x0 [' + ', '.join([item] * width) + ']']
    for level in range(1, levels):
        lines.append(f'x{level}: &x{level} [' + ', '.join([f'*x{level - 1}'] * width) + ']')
    return '\n'.join(lines) + '\n'


@pytest.mark.parametrize('item', ['"lol"', '[]', '{}', '~'])
def test_alias_expansion_over_the_limit_is_refused(item):
    with pytest.raises(exception.RequestLimitExceeded, match='max_template_size'):
        yaml_loader.load(_nested_aliases(9, 9, item))


def test_merge_key_bomb_is_refused_before_it_is_flattened():
    lines = ['m0: &m0 {' + ', '.join(f'k{i}: {i}' for i in range(9)) + '}']
    for level in range(1, 12):
        lines.append(f'm{level}: &m{level} {{<<: [' +
                     ', '.join([f'*m{level - 1}'] * 9) + ']}')
    with pytest.raises(exception.RequestLimitExceeded, match='max_template_size'):
        yaml_loader.load('\n'.join(lines))


def test_aliases_within_the_limit_are_expanded():
    data = yaml_loader.load(_nested_aliases(3, 3))
    assert data['x2'] == [[['lol'] * 3] * 3] * 3


def test_a_document_without_aliases_is_held_to_its_length_only():
    text = 'a: b\nc: [1, 2, {d: e}]\nf:\n  - g\n  - ""\n  - h: |\n      text\n'
    config.CONF.set_override('max_template_size', len(text))
    try:
        assert yaml_loader.load(text)['a'] == 'b'
        with pytest.raises(exception.RequestLimitExceeded):
            yaml_loader.load(text + '#')
    finally:
        config.CONF.clear_override('max_template_size')


def test_self_referring_alias_is_a_syntax_error():
    with pytest.raises(exception.TemplateSyntaxError, match='refers to itself'):
        yaml_loader.load('a: &a [1, *a]\n')
