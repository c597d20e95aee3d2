"""What a run leaves behind: a line per test as it finishes, a summary, and
files others can diff (results.json, results.txt, summary.md)."""
import collections
import json
import os

STATUSES = ('pass', 'fail', 'skip')
LABEL = {'pass': 'PASS', 'fail': 'FAIL', 'skip': 'SKIP'}
PREFIX = 'heat_integrationtests.functional.'
SKIP_LIST_PREFIX = 'skip list: '


def short(test_id):
    return test_id[len(PREFIX):] if test_id.startswith(PREFIX) else test_id


def line(rec, done, total):
    text = f'[{done:>{len(str(total))}}/{total}] {LABEL[rec["status"]]} {short(rec["id"])}' \
           f' ({rec["duration"]:.1f}s)'
    if rec['status'] != 'pass' and rec['reason']:
        text += f'\n      {first_line(rec["reason"], 300)}'
    return text


def first_line(text, limit):
    return (text or '').splitlines()[0][:limit] if text else ''


def counts(records):
    found = collections.Counter(rec['status'] for rec in records)
    return {status: found.get(status, 0) for status in STATUSES}


def closing_line(records):
    """``N passed, N failed, N skipped``."""
    c = counts(records)
    return f'{c["pass"]} passed, {c["fail"]} failed, {c["skip"]} skipped'


def skip_listed(records):
    return sum(1 for rec in records if rec['status'] == 'skip'
               and rec['reason'].startswith(SKIP_LIST_PREFIX))


def write(results_dir, records, run_info):
    """results.json (everything), results.txt (``STATUS id`` per line, sorted:
    diff two runs with it) and summary.md."""
    records = sorted(records, key=lambda rec: rec['id'])
    doc = dict(run_info, counts=dict(counts(records), total=len(records)),
               tests=[{k: rec[k] for k in ('id', 'status', 'duration', 'reason', 'details')}
                      for rec in records])
    with open(os.path.join(results_dir, 'results.json'), 'w', encoding='utf-8') as f:
        json.dump(doc, f, indent=1)
        f.write('\n')
    with open(os.path.join(results_dir, 'results.txt'), 'w', encoding='utf-8') as f:
        for rec in records:
            f.write(f'{LABEL[rec["status"]]} {rec["id"]}\n')
    with open(os.path.join(results_dir, 'summary.md'), 'w', encoding='utf-8') as f:
        f.write(markdown(records, run_info))


def markdown(records, run_info):
    c = counts(records)
    out = ['# Heat functional tests', '',
           f'- endpoint: {run_info.get("endpoint")}'
           f'{" (embedded heat-conv-all)" if run_info.get("embedded") else ""}',
           f'- suite: {run_info.get("suite")}',
           f'- selection: {" ".join(run_info.get("selection") or []) or "all"}',
           f'- wall time: {run_info.get("wall_seconds", 0):.0f} s',
           f'- **{c["pass"]} passed, {c["fail"]} failed, {c["skip"]} skipped** '
           f'({len(records)} tests; {skip_listed(records)} of the skips are on the skip list)',
           '']
    for status, title in (('fail', 'Failed'), ('skip', 'Skipped'), ('pass', 'Passed')):
        rows = [rec for rec in records if rec['status'] == status]
        if not rows:
            continue
        out += [f'## {title} ({len(rows)})', '']
        if status == 'pass':
            out += [f'- `{short(rec["id"])}`' for rec in rows]
        else:
            out += ['| test | reason |', '| --- | --- |']
            out += [f'| `{short(rec["id"])}` | {_cell(rec["reason"])} |' for rec in rows]
        out.append('')
    return '\n'.join(out)


def _cell(text):
    return first_line(text, 300).replace('|', '\\|')
