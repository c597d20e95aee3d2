"""What a create, update, preview or validate request asks for.

The fields are the ones python-heatclient sends: ``template`` (a mapping
or YAML/JSON text) or ``template_url``, ``files``, ``environment`` plus
``environment_files`` (names in ``files``, merged in order), ``parameters``,
``timeout_mins``, ``disable_rollback``, ``tags`` and, on update, ``converge``
(``openstack stack update --converge``). heat-conv's own ``auto_heal`` may be
given as a field or as the tag ``auto-heal`` (which heatclient can send).
Each is checked here so a wrong one is a 400 naming the field.
"""
import dataclasses
import functools
import json
import re

from heat_conv.common import exception
from heat_conv.common import limits
from heat_conv.hot import environment as environment_mod
from heat_conv.hot import environment_merge
from heat_conv.hot import template as hot_template

# Heat's rule; it also keeps names usable as URL path segments.
STACK_NAME_RE = re.compile(r'^[a-zA-Z][a-zA-Z0-9_.-]{0,254}$')

# The column is a database INTEGER; a year is plenty anyway.
MAX_TIMEOUT_MINS = 525600

_UNSUPPORTED = {
    'files_container': 'Swift files containers are not supported; send the files '
                       'in the request',
}


@dataclasses.dataclass
class StackInput:
    template: object = None
    files: dict = dataclasses.field(default_factory=dict)
    environment: dict | None = None
    params: dict = dataclasses.field(default_factory=dict)
    timeout: int | None = None
    disable_rollback: bool | None = None
    tags: list | None = None
    clear_parameters: list = dataclasses.field(default_factory=list)
    converge: bool = False
    auto_heal: bool | None = None

AUTO_HEAL_TAG = 'auto-heal'


def parse(body, template_required=True, defaults=True):
    """A StackInput from a request body.

    ``defaults`` fills what a create assumes (rollback disabled); an update
    leaves absent fields None so the stored values stay.
    """
    for key, reason in _UNSUPPORTED.items():
        if body.get(key):
            raise exception.NotSupported(reason)
    files = _files(body)
    result = StackInput(files=files)
    result.template = _template(body, files, template_required)
    result.environment = _environment(body, files, result.template)
    result.params = _mapping(body, 'parameters')
    result.timeout = _timeout(body)
    result.disable_rollback = _boolean(body, 'disable_rollback',
                                       True if defaults else None)
    result.tags = _tags(body)
    result.clear_parameters = _names(body, 'clear_parameters')
    result.converge = _boolean(body, 'converge', False)
    result.auto_heal = _boolean(body, 'auto_heal', None)
    if result.tags is not None and result.auto_heal is None:
        result.auto_heal = AUTO_HEAL_TAG in result.tags
    if result.auto_heal is None and defaults:
        result.auto_heal = False
    return result


def for_patch(wanted):
    """A PATCH keeps what it does not mention. heatclient always sends an
    environment, {} when the user gave none: that is no change either."""
    if not wanted.environment:
        wanted.environment = None
    return wanted


def for_put(wanted):
    """A full update (PUT) says what the stack is: as in Heat, tags it does
    not give are cleared (and with them the auto-heal tag, unless
    ``auto_heal`` itself is given); timeout and rollback settings are kept."""
    if wanted.tags is None:
        wanted.tags = []
        if wanted.auto_heal is None:
            wanted.auto_heal = False
    return wanted


def stack_name(body):
    name = body.get('stack_name')
    if name is None:
        raise exception.Invalid('No stack name specified (stack_name)')
    if not isinstance(name, str) or not STACK_NAME_RE.match(name):
        raise exception.Invalid(
            f'Invalid stack name {name!r}: it must start with a letter and contain '
            'only letters, digits, "_", "-" and "." (at most 255 characters)')
    return name


def _mapping(body, key):
    value = body.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise exception.Invalid(f'{key} must be a JSON object')
    return value


def _files(body):
    files = _mapping(body, 'files')
    for name, content in files.items():
        if not isinstance(content, str):
            raise exception.Invalid(f'files.{name} must be a string (the file content)')
        limits.check_template_size(len(content.encode('utf-8')), f'files.{name}')
    return files


def _check_mapping_size(value, what):
    # Text is measured as it is parsed; a mapping given as JSON is measured
    # as it will be stored.
    if isinstance(value, dict):
        limits.check_template_size(len(json.dumps(value)), what)


def _template(body, files, required):
    template = body.get('template')
    url = body.get('template_url')
    if template is None and url:
        if not isinstance(url, str) or url not in files:
            raise exception.NotSupported(
                'template_url is not supported unless it names an entry of files; '
                'send the template itself in "template"')
        template = files[url]
    if template is None:
        if required:
            raise exception.Invalid('No template specified (template)')
        return None
    if not isinstance(template, (dict, str)):
        raise exception.InvalidTemplate('The template must be a JSON object or '
                                        'YAML/JSON text', path=('template',))
    _check_mapping_size(template, 'The template')
    return template


def _environment(body, files, template):
    """The request's environment.

    With ``environment_files`` the environment is those files merged in
    order (with their parameter_merge_strategies); ``environment`` is then
    the client's own merge of the same files (python-heatclient sends both)
    and, as in Heat, is not used. Without them it is ``environment``.
    """
    raw = body.get('environment')
    names = body.get('environment_files')
    if raw is not None and not isinstance(raw, (dict, str)):
        raise exception.InvalidEnvironment('The environment must be a JSON object or '
                                           'YAML/JSON text', path=('environment',))
    _check_mapping_size(raw, 'The environment')
    if names:
        return _merge_files(names, files, template)
    if raw is None:
        return None
    env = environment_mod.Environment.load(raw)
    if env.merge_strategies:
        raise exception.InvalidEnvironment(
            'parameter_merge_strategies applies when environment files are merged; '
            'send the environment in files and name it in environment_files',
            path=(environment_mod.MERGE_STRATEGIES,))
    return env.to_dict()


def _merge_files(names, files, template):
    if not isinstance(names, list):
        raise exception.Invalid('environment_files must be a list of names in files')
    for index, name in enumerate(names):
        if not isinstance(name, str) or name not in files:
            raise exception.Invalid(f'environment_files.{index}: {name!r} is not in files')
    return environment_merge.merge_files(names, files, _parameter_types(template, files))


def _parameter_types(template, files):
    """A callable giving the template's {parameter: type}, loaded once."""
    @functools.cache
    def parameter_types():
        if template is None:
            return {}
        tmpl = hot_template.Template.load(template, files=files)
        return {name: schema.type for name, schema in tmpl.parameter_definitions.items()}
    return parameter_types


def _timeout(body):
    value = body.get('timeout_mins')
    if value is None or value == '':
        return None
    try:
        if isinstance(value, bool) or isinstance(value, float) and not value.is_integer():
            raise ValueError
        minutes = int(value)
    except (TypeError, ValueError):
        raise exception.Invalid(f'timeout_mins must be a whole number of minutes, '
                                f'not {value!r}') from None
    if not 1 <= minutes <= MAX_TIMEOUT_MINS:
        raise exception.Invalid(f'timeout_mins must be from 1 to {MAX_TIMEOUT_MINS}')
    return minutes


def _boolean(body, key, default):
    value = body.get(key)
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ('true', 'false', '1', '0'):
        return value.lower() in ('true', '1')
    raise exception.Invalid(f'{key} must be true or false, not {value!r}')


def _names(body, key):
    value = body.get(key)
    if value is None:
        return []
    if isinstance(value, list) and all(isinstance(name, str) for name in value):
        return value
    raise exception.Invalid(f'{key} must be a list of parameter names')


def _tags(body):
    value = body.get('tags')
    if value is None:
        return None
    if isinstance(value, str):
        return [tag.strip() for tag in value.split(',') if tag.strip()]
    if isinstance(value, list) and all(isinstance(tag, str) for tag in value):
        return value
    raise exception.Invalid('tags must be a comma-separated string or a list of strings')
