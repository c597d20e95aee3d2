import pytest

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
    monkeypatch.setattr(yaml_loader.yaml, 'load', deep)
    for text in ('{"a": 1}', 'a: 1'):
        with pytest.raises(exception.TemplateSyntaxError, match='nested too deeply'):
            yaml_loader.load(text)
