"""Intrinsic functions that build or take apart strings."""

import hashlib
import re
import urllib.parse

from heat_conv.common import limits
from heat_conv.hot import function_base
from heat_conv.hot.function_base import Function
from heat_conv.hot.function_base import describe


class StrReplace(Function):
    """Substitute each ``params`` key found in ``template`` with its value."""

    name = 'str_replace'
    usage = '{template: <string>, params: {<key>: <value>, ...}}'
    # A key not found in the template is an error when strict; an empty
    # value is an error too when very strict.
    strict = False
    very_strict = False

    def check(self, args, path):
        args = self.expect_map(args, path, ('template', 'params'), static=True)
        if args is not None:
            self.expect_type(args['template'], str, 'template', path, static=True)
            self.expect_type(args['params'], dict, 'params', path, static=True)

    def apply(self, args, path):
        args = self.expect_map(args, path, ('template', 'params'))
        template, params = args['template'], args['params']
        self.expect_type(template, str, 'template', path)
        self.expect_type(params, dict, 'params', path)
        mapping = {}
        for key, value in params.items():
            key = function_base.to_text(key, False, 'each params key', self, path)
            if self.very_strict and value in (None, ''):
                self.fail(path, f'the value for "{key}" is empty')
            mapping[key] = function_base.to_text(
                value, self.spec.str_replace_json, f'the value for "{key}"', self, path)
            if self.strict and key not in template:
                self.fail(path, f'"{key}" does not occur in the template')
        keys = sorted((k for k in mapping if k), key=len, reverse=True)
        if not keys:
            return template
        # Counted before it is built: a long value substituted for a key
        # that occurs often would make the result quadratic in the input.
        grows = sum(template.count(k) * max(len(mapping[k]) - len(k), 0) for k in keys)
        limits.check_value_size(len(template) + grows, f'The result of {self.name}')
        # One pass with the longest keys first: a substituted value is never
        # substituted again, and "$var1" wins over "$var".
        pattern = re.compile('|'.join(re.escape(k) for k in keys))
        return pattern.sub(lambda m: mapping[m.group(0)], template)


class StrReplaceStrict(StrReplace):
    """str_replace that fails when a key does not occur in the template."""

    name = 'str_replace_strict'
    strict = True


class StrReplaceVeryStrict(StrReplace):
    """str_replace_strict that also fails on an empty value."""

    name = 'str_replace_vstrict'
    strict = True
    very_strict = True


class ListJoin(Function):
    """Join the items of one or more lists with a delimiter."""

    name = 'list_join'

    @property
    def usage(self):
        if self.spec.list_join_many:
            return '[<delimiter>, <list>, <list>, ...]'
        return '[<delimiter>, <list>]'

    def _arity(self):
        return (2, None) if self.spec.list_join_many else (2, 2)

    def check(self, args, path):
        low, high = self._arity()
        args = self.expect_list(args, path, low, high, static=True)
        if args is not None:
            self.expect_type(args[0], str, 'the delimiter', path, static=True)
            for item in args[1:]:
                self.expect_type(item, list, 'each item after the delimiter', path,
                                 static=True)

    def apply(self, args, path):
        low, high = self._arity()
        args = self.expect_list(args, path, low, high)
        delimiter = args[0]
        self.expect_type(delimiter, str, 'the delimiter', path)
        strings = []
        for items in args[1:]:
            self.expect_type(items, list, 'each item after the delimiter', path)
            strings.extend(
                function_base.to_text(item, self.spec.list_join_many,
                                      'each item to join', self, path)
                for item in items)
        size = sum(map(len, strings)) + len(delimiter) * max(len(strings) - 1, 0)
        limits.check_value_size(size, f'The result of {self.name}')
        return delimiter.join(strings)


class StrSplit(Function):
    """Split a string on a delimiter, optionally picking one piece."""

    name = 'str_split'
    usage = '[<delimiter>, <string>] or [<delimiter>, <string>, <index>]'

    def check(self, args, path):
        args = self.expect_list(args, path, 2, 3, static=True)
        if args is not None:
            self.expect_type(args[0], str, 'the delimiter', path, static=True)
            self.expect_type(args[1], str, 'the string', path, static=True)

    def apply(self, args, path):
        args = self.expect_list(args, path, 2, 3)
        delimiter, text = args[0], args[1]
        self.expect_type(delimiter, str, 'the delimiter', path)
        if delimiter == '':
            self.fail(path, 'the delimiter is empty')
        self.expect_type(text, str, 'the string', path)
        pieces = text.split(delimiter)
        if len(args) == 2:
            return pieces
        index = _as_index(args[2])
        if index is None:
            self.fail(path, f'the index must be an integer, got {describe(args[2])}')
        if not 0 <= index < len(pieces):
            self.fail(path, f'index {index} is out of range for {len(pieces)} pieces')
        return pieces[index]


class Digest(Function):
    """The hex digest of a string with a hashlib algorithm."""

    name = 'digest'
    usage = '[<algorithm>, <string>]'

    def check(self, args, path):
        args = self.expect_list(args, path, 2, 2, static=True)
        if args is not None:
            self.expect_type(args[0], str, 'the algorithm', path, static=True)
            if isinstance(args[0], str):
                self._algorithm(args[0], path)

    def apply(self, args, path):
        algorithm, value = self.expect_list(args, path, 2, 2)
        self.expect_type(algorithm, str, 'the algorithm', path)
        self.expect_type(value, str, 'the value', path)
        return hashlib.new(self._algorithm(algorithm, path), value.encode()).hexdigest()

    def _algorithm(self, name, path):
        if name.lower() not in hashlib.algorithms_available:
            self.fail(path, f'unknown algorithm "{name}"')
        return name.lower()


class MakeUrl(Function):
    """Assemble a URL from its parts, quoting each one correctly."""

    name = 'make_url'
    usage = '{scheme, username, password, host, port, path, query, fragment}'
    _KEYS = ('scheme', 'username', 'password', 'host', 'port', 'path', 'query',
             'fragment')
    _TEXT = ('scheme', 'username', 'password', 'host', 'path', 'fragment')

    def check(self, args, path):
        self.expect_map(args, path, ('host',), self._KEYS, static=True)

    def apply(self, args, path):
        args = self.expect_map(args, path, ('host',), self._KEYS)
        for key in self._TEXT:
            if key in args:
                self.expect_type(args[key], str, key, path)
        scheme = args.get('scheme') or ''
        if ':' in scheme:
            self.fail(path, 'scheme must not contain ":"')
        url = f'{scheme}://' if scheme else '//'
        url += self._credentials(args) + self._host(args['host'])
        if args.get('port') not in (None, ''):
            port = _as_index(args['port'])
            if port is None or not 0 < port < 65536:
                self.fail(path, f"port must be between 1 and 65535, got {args['port']!r}")
            url += f':{port}'
        url_path = args.get('path') or ''
        if url_path and not url_path.startswith('/'):
            url_path = '/' + url_path
        url += urllib.parse.quote(url_path)
        query = args.get('query')
        if query:
            self.expect_type(query, dict, 'query', path)
            # Heat leaves slashes in query values readable (file paths in
            # database URLs), and templates compare against its output.
            url += '?' + urllib.parse.urlencode(query).replace('%2F', '/')
        if args.get('fragment'):
            url += '#' + urllib.parse.quote(args['fragment'])
        return url

    @staticmethod
    def _credentials(args):
        """``user:password@``, each part quoted whole; empty without either."""
        username = urllib.parse.quote(args.get('username') or '', safe='')
        password = urllib.parse.quote(args.get('password') or '', safe='')
        if not (username or password):
            return ''
        return f'{username}:{password}@' if password else f'{username}@'

    @staticmethod
    def _host(host):
        if host.startswith('[') and host.endswith(']'):
            host = host[1:-1]
        host = urllib.parse.quote(host, safe=':')
        return f'[{host}]' if ':' in host else host   # an IPv6 address


def _as_index(value):
    """An integer from an int or a string of digits; None otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip('-').isdigit():
        return int(value)
    return None


FUNCTIONS = (StrReplace, StrReplaceStrict, StrReplaceVeryStrict, ListJoin, StrSplit,
             Digest, MakeUrl)
