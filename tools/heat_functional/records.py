"""One test's result as the runner passes it around and stores it:
``{"event": "result", "id", "status": pass|fail|skip, "duration", "reason",
"details"}``. ``reason`` is one line (the skip reason, or what went wrong);
``details`` the traceback and attachments."""

MAX_DETAILS = 20000
MAX_REASON = 600
_EXCEPTION_ENDINGS = ('Error', 'Exception', 'Timeout', 'Failure', 'Exit', 'NotFound',
                      'BadRequest', 'Conflict', 'Forbidden')


def record(test_id, status, duration, reason='', details=''):
    if len(details) > MAX_DETAILS:
        details = details[:MAX_DETAILS // 2] + '\n[...]\n' + details[-MAX_DETAILS // 2:]
    return {'event': 'result', 'id': test_id, 'status': status,
            'duration': round(duration, 2), 'reason': (reason or '')[:MAX_REASON],
            'details': details}


def failed(test_id, reason, duration=0.0):
    return record(test_id, 'fail', duration, reason=reason, details=reason)


def combine(test_id, records):
    """One record for ``test_id`` out of everything its run reported: a
    failure anywhere (say, in a cleanup after a pass) makes it a failure."""
    failures = [r for r in records if r['status'] == 'fail']
    if not failures:
        return dict(records[0], id=test_id)
    return dict(failures[0], id=test_id,
                duration=max(r['duration'] for r in records),
                details='\n'.join(r['details'] for r in failures))


def error_summary(text):
    """What went wrong, in a line: a traceback's last exception line with its
    message's continuation lines (``SomeError: ...``), else the last
    non-empty line. Sections of attachments start with ``--- name ---``."""
    lines = text.splitlines()
    for i in range(len(lines) - 1, -1, -1):
        head = lines[i].split(':', 1)[0]
        if head and head == head.strip() and ' ' not in head and \
                head.endswith(_EXCEPTION_ENDINGS):
            message = []
            for line in lines[i:]:
                if line.startswith('--- '):
                    break
                message.append(line.strip())
            return ' '.join(m for m in message if m)[:MAX_REASON]
    rest = [line.strip() for line in lines if line.strip()]
    return rest[-1][:MAX_REASON] if rest else ''
