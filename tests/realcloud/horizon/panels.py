"""What the Horizon tier reads and does on heat-dashboard's pages: the
markup facts (hidden selects, themed checkboxes, hidden columns) kept in
one place."""


def choose_template_file(page, path):
    """The template form (launch, preview, change template) with a template
    file, then Next. Horizon's theme hides the real source <select> behind
    its own dropdown, so it is set and its change announced by script, as
    the dropdown's own script does."""
    page.evaluate("""() => {
        const source = document.querySelector('#id_template_source');
        source.value = 'file';
        source.dispatchEvent(new Event('change', {bubbles: true}));
    }""")
    page.set_input_files('#id_template_upload', str(path))
    page.get_by_role('button', name='Next').click()


# horizon.heattop.js lays the topology out with a force simulation that
# starts with nodes outside the picture: settled once every node is inside.
TOPOLOGY_SETTLED = """() => {
    const svg = document.querySelector('#heat_resource_topology svg');
    if (!svg) return false;
    const box = svg.getBoundingClientRect();
    const nodes = [...svg.querySelectorAll('g.node')];
    return nodes.length > 0 && nodes.every(node => {
        const at = node.getBoundingClientRect();
        return at.left >= box.left && at.right <= box.right
            && at.top >= box.top && at.bottom <= box.bottom;
    });
}"""


def _row(page, name):
    return page.locator('table#stacks tbody tr', has=page.locator(f'td a:text-is("{name}")'))


def list_status(page, horizon, name):
    """The stack's text in the list's Status column, None if not listed.
    The row also has a hidden status cell (COMPLETE, FAILED...) that
    Horizon uses for its row styling: the shown column is read by its
    header."""
    page.goto(f'{horizon}/project/stacks/')
    row = _row(page, name)
    if not row.count():
        return None
    return row.evaluate("""row => {
        const heads = [...row.closest('table').querySelectorAll('thead tr:last-child th')];
        const at = heads.findIndex(th => !th.classList.contains('hide')
                                         && th.textContent.trim() === 'Status');
        return row.cells[at].textContent.trim();
    }""")


def row_action(page, horizon, name, action):
    """A row action of the stacks list (check, suspend, resume, delete);
    those in the row's dropdown are opened first. Batch actions are
    submitted at once; delete asks for a confirmation, left to the caller."""
    page.goto(f'{horizon}/project/stacks/')
    row = _row(page, name)
    button = row.locator(f'[id$="__action_{action}"]')
    if not button.is_visible():
        row.locator('.dropdown-toggle').click()
    button.click()
    if action != 'delete':
        page.wait_for_url('**/project/stacks/')
        page.locator('.alert').first.wait_for()


def definition_pairs(container):
    """The (dt, dd) texts of the definition lists in ``container``, in
    order; a dt followed by several dd (an output's description and value)
    has their texts joined by newlines."""
    return container.evaluate("""root => [...root.querySelectorAll('dt')].map(dt => {
        const values = [];
        for (let dd = dt.nextElementSibling; dd && dd.tagName === 'DD';
             dd = dd.nextElementSibling) {
            values.push(dd.textContent.trim());
        }
        return [dt.textContent.trim(), values.length ? values.join('\\n') : null];
    })""")


def definitions(container):
    """The definitions as a dict: the first of each name."""
    found = {}
    for key, value in definition_pairs(container):
        found.setdefault(key, value)
    return found
